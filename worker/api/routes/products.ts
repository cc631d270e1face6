import { Hono } from "hono";
import { z } from "zod";
import { notFound, ok } from "../envelope";
import { listProducts } from "../queries/catalogue";
import { findProduct, findRelatedProducts } from "../queries/products";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const productParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, "商品編號必須是數字")
    .transform(Number)
    .refine((id) => id >= 1 && Number.isSafeInteger(id), "商品編號必須是數字"),
});

const relatedQuery = z.object({
  limit: z.coerce
    .number({ error: "limit 必須是 1 到 24 的整數" })
    .int("limit 必須是 1 到 24 的整數")
    .min(1, "limit 必須是 1 到 24 的整數")
    .max(24, "limit 必須是 1 到 24 的整數")
    .default(8),
});

const flag = (name: string) =>
  z
    .enum(["0", "1"], { error: `${name} 只能是 0 或 1` })
    .default("0")
    .transform((v) => v === "1");

const wholeNumber = (name: string, min: number, max: number, fallback?: number) => {
  const message = `${name} 必須是 ${min} 到 ${max} 的整數`;
  const schema = z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
  return fallback === undefined ? schema.optional() : schema.default(fallback);
};

const listQuery = z.object({
  format: z.coerce
    .number({ error: "format 必須是 1 到 4" })
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: "format 必須是 1 到 4" }))
    .optional(),
  type_id: wholeNumber("type_id", 1, 999_999_999_999_999),
  is_new: flag("is_new"),
  is_pick: flag("is_pick"),
  sort: z
    .enum(["newest", "price_asc", "price_desc", "title"], {
      error: "sort 只能是 newest、price_asc、price_desc 或 title",
    })
    .default("newest"),
  page: wholeNumber("page", 1, 1000, 1),
  per_page: wholeNumber("per_page", 1, 60, 24),
});

export const productRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", listQuery), async (c) => {
    const q = c.req.valid("query");
    return ok(
      c,
      await listProducts(c.env.DB, {
        format: q.format,
        typeId: q.type_id,
        isNew: q.is_new,
        isPick: q.is_pick,
        sort: q.sort,
        page: q.page ?? 1,
        perPage: q.per_page ?? 24,
      }),
    );
  })
  .get("/:id", validate("param", productParams), async (c) => {
    const product = await findProduct(c.env.DB, c.req.valid("param").id);
    if (!product) throw notFound("找不到這項商品");
    return ok(c, product);
  })
  .get("/:id/related", validate("param", productParams), validate("query", relatedQuery), async (c) => {
    const related = await findRelatedProducts(c.env.DB, c.req.valid("param").id, c.req.valid("query").limit);
    if (!related) throw notFound("找不到這項商品");
    return ok(c, related);
  });
