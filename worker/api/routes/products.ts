import { Hono } from "hono";
import { z } from "zod";
import { notFound, ok } from "../envelope";
import { idParams, productPageQuery, wholeNumber } from "../params";
import { listProducts } from "../queries/catalogue";
import { findProduct, findRelatedProducts } from "../queries/products";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const productParams = idParams("商品編號必須是數字");

const relatedQuery = z.object({ limit: wholeNumber("limit", 1, 24, 8) });

const flag = (name: string) =>
  z
    .enum(["0", "1"], { error: `${name} 只能是 0 或 1` })
    .default("0")
    .transform((v) => v === "1");

const listQuery = z
  .object({
    format: z.coerce
      .number({ error: "format 必須是 1 到 4" })
      .pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], { error: "format 必須是 1 到 4" }))
      .optional(),
    type_id: wholeNumber("type_id", 1, 999_999_999_999_999, 0).transform((v) => v || undefined),
    is_new: flag("is_new"),
    is_pick: flag("is_pick"),
  })
  .extend(productPageQuery.shape);

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
        page: q.page,
        perPage: q.per_page,
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
