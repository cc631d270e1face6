import { Hono } from "hono";
import { notFound, ok } from "../envelope";
import type { ApiEnv, Schemas } from "../types";

export const pageRoutes = new Hono<ApiEnv>().get("/:slug", async (c) => {
  const row = await c.env.DB.prepare("SELECT slug, title, sections, updated_at FROM pages WHERE slug = ?1")
    .bind(c.req.param("slug"))
    .first<{ slug: string; title: string; sections: string; updated_at: string }>();
  if (!row) throw notFound("找不到這個頁面");
  const page: Schemas["Page"] = { ...row, sections: JSON.parse(row.sections) as Schemas["Page"]["sections"] };
  return ok(c, page);
});
