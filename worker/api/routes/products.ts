import { Hono } from "hono";
import { z } from "zod";
import { notFound, ok } from "../envelope";
import { idParams, inRange, productPageQuery, wholeNumber } from "../params";
import { listProducts } from "../queries/catalogue";
import { pageOf } from "../queries/paging";
import { findProduct, findProductCards, findRelatedProducts } from "../queries/products";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const productParams = idParams("商品編號必須是數字");

const relatedQuery = z.object({ limit: wholeNumber("limit", 1, 24, 8) });

const flag = (name: string) =>
  z
    .enum(["0", "1"], { error: `${name} 只能是 0 或 1` })
    .default("0")
    .transform((v) => v === "1");

/** The most ids one `?ids=` may list (the cart's own limit). */
const IDS_MAX = 200;
const idsMessage = `ids 必須是以逗號分隔的商品編號，最多 ${IDS_MAX} 個`;

/** `?ids=12,7,305`: at most IDS_MAX ids; the distinct ones in the order given. */
const idList = z
  .string()
  .regex(/^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14})*$/, idsMessage)
  .transform((text) => text.split(",").map(Number))
  .refine((ids) => ids.length <= IDS_MAX && ids.every(Number.isSafeInteger), idsMessage)
  .transform((ids) => [...new Set(ids)]);

const listQuery = z
  .object({
    ids: idList.optional(),
    format: inRange("format 必須是 1 到 4", 1, 4).optional(),
    type_id: wholeNumber("type_id", 1, 999_999_999_999_999, 0).transform((v) => v || undefined),
    is_new: flag("is_new"),
    is_pick: flag("is_pick"),
  })
  .extend(productPageQuery.shape);

export const productRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", listQuery), async (c) => {
    const q = c.req.valid("query");
    // A list of ids is a lookup, not a listing: all of them on one page, in the order asked.
    if (q.ids) {
      const cards = await findProductCards(c.env.DB, q.ids);
      return ok(c, pageOf(cards, 1, q.ids.length, cards.length));
    }
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
