// Likes and favourites (SPEC §3, §7).
import { Hono } from "hono";
import { z } from "zod";
import { requireMember } from "../auth/require-member";
import { notFound, ok } from "../envelope";
import { listPage } from "../params";
import { likeTargetExists, listFavorites, listLikes, setLike } from "../queries/likes";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const TYPE_MESSAGE = "type 只能是 0（書）、1（作者）或 2（文章）";

const favoriteBody = z.strictObject({
  type: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: TYPE_MESSAGE }),
  id: z
    .number({ error: "id 必須是正整數" })
    .int("id 必須是正整數")
    .min(1, "id 必須是正整數")
    .max(999_999_999_999_999, "id 必須是正整數"),
  status: z.union([z.literal(0), z.literal(1)], { error: "status 只能是 1（加入）或 0（移除）" }),
});

const favoritesQuery = z.object({
  type: z.enum(["0", "1", "2"], { error: TYPE_MESSAGE }).transform((t) => Number(t) as 0 | 1 | 2),
  ...listPage,
});

const TARGET_NAME = { 0: "這本書", 1: "這位作者", 2: "這篇文章" } as const;

export const likeRoutes = new Hono<ApiEnv>()
  .get("/likes", requireMember, async (c) => ok(c, await listLikes(c.env.DB, c.var.memberId)))
  .get("/favorites", requireMember, validate("query", favoritesQuery), async (c) => {
    const { type, page, per_page } = c.req.valid("query");
    return ok(c, await listFavorites(c.env.DB, c.var.memberId, { type, page, perPage: per_page }));
  })
  .post("/favorites", requireMember, validate("json", favoriteBody), async (c) => {
    const { type, id, status } = c.req.valid("json");
    if (status === 1 && !(await likeTargetExists(c.env.DB, type, id))) throw notFound(`找不到${TARGET_NAME[type]}`);
    await setLike(c.env.DB, c.var.memberId, type, id, status === 1);
    return ok(c, null);
  });
