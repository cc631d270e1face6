// /articles, /articles/categories and /articles/{id}.
import { Hono } from "hono";
import { z } from "zod";
import { notFound, ok } from "../envelope";
import { idParams, listPage } from "../params";
import { findArticle, listArticleCategories, listArticles } from "../queries/articles";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const articleQuery = z.object({
  category: z
    .string({ error: "category 必須是文字" })
    .trim()
    .min(1, "category 不能是空白")
    .max(20, "category 最多 20 個字")
    .optional(),
  author_id: idParams("作者編號必須是數字").shape.id.optional(),
  ...listPage,
});

export const articleRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", articleQuery), async (c) => {
    const q = c.req.valid("query");
    return ok(
      c,
      await listArticles(c.env.DB, { category: q.category, authorId: q.author_id, page: q.page, perPage: q.per_page }),
    );
  })
  .get("/categories", async (c) => ok(c, await listArticleCategories(c.env.DB)))
  .get("/:id", validate("param", idParams("文章編號必須是數字")), async (c) => {
    const article = await findArticle(c.env.DB, c.req.valid("param").id);
    if (!article) throw notFound("找不到這篇文章");
    return ok(c, article);
  });
