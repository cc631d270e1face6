// /news and /news/{id} (types 1–3 of SPEC §3).
import { Hono } from "hono";
import { z } from "zod";
import { notFound, ok } from "../envelope";
import { idParams, listPage } from "../params";
import { findNews, listNews } from "../queries/news";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const newsQuery = z.object({
  type: z
    .enum(["1", "2", "3"], { error: "type 只能是 1（活動快訊）、2（系統公告）或 3（客服中心）" })
    .transform((t) => Number(t) as 1 | 2 | 3)
    .optional(),
  ...listPage,
});

export const newsRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", newsQuery), async (c) => {
    const { type, page, per_page } = c.req.valid("query");
    return ok(c, await listNews(c.env.DB, { type, page, perPage: per_page }));
  })
  .get("/:id", validate("param", idParams("消息編號必須是數字")), async (c) => {
    const news = await findNews(c.env.DB, c.req.valid("param").id);
    if (!news) throw notFound("找不到這則消息");
    return ok(c, news);
  });
