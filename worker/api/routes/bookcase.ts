// /member/bookcase: the e-books and audio books the member has bought.
import { Hono } from "hono";
import { z } from "zod";
import { requireMember } from "../auth/require-member";
import { ok } from "../envelope";
import { listPage } from "../params";
import { listBookcase } from "../queries/bookcase";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const bookcaseQuery = z.object({
  format: z
    .enum(["2", "3"], { error: "format 只能是 2（電子書）或 3（有聲書）" })
    .transform((f) => Number(f) as 2 | 3)
    .optional(),
  ...listPage,
});

export const bookcaseRoutes = new Hono<ApiEnv>().get(
  "/bookcase",
  requireMember,
  validate("query", bookcaseQuery),
  async (c) => {
    const { format, page, per_page } = c.req.valid("query");
    return ok(c, await listBookcase(c.env.DB, c.var.memberId, { format, page, perPage: per_page }));
  },
);
