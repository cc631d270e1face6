// /publishers/{id}, with the publisher's products.
import { Hono } from "hono";
import { notFound, ok } from "../envelope";
import { idParams, pageFilter, productPageQuery } from "../params";
import { listProducts } from "../queries/catalogue";
import { findPublisher } from "../queries/publishers";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const publisherId = idParams("出版社編號必須是數字");

export const publisherRoutes = new Hono<ApiEnv>()
  .get("/:id", validate("param", publisherId), async (c) => {
    const publisher = await findPublisher(c.env.DB, c.req.valid("param").id);
    if (!publisher) throw notFound("找不到這家出版社");
    return ok(c, publisher);
  })
  .get("/:id/products", validate("param", publisherId), validate("query", productPageQuery), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await findPublisher(c.env.DB, id))) throw notFound("找不到這家出版社");
    const q = c.req.valid("query");
    return ok(c, await listProducts(c.env.DB, { ...pageFilter(q), publisherId: id }));
  });
