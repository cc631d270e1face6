import { Hono } from "hono";
import { z } from "zod";
import { notFound, ok } from "../envelope";
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

export const productRoutes = new Hono<ApiEnv>()
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
