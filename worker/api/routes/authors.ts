// /authors/{id}, with the author's products.
import { Hono } from "hono";
import { notFound, ok } from "../envelope";
import { idParams, pageFilter, productPageQuery } from "../params";
import { findAuthor } from "../queries/authors";
import { listProducts } from "../queries/catalogue";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const authorId = idParams("作者編號必須是數字");

export const authorRoutes = new Hono<ApiEnv>()
  .get("/:id", validate("param", authorId), async (c) => {
    const author = await findAuthor(c.env.DB, c.req.valid("param").id);
    if (!author) throw notFound("找不到這位作者");
    return ok(c, author);
  })
  .get("/:id/products", validate("param", authorId), validate("query", productPageQuery), async (c) => {
    const { id } = c.req.valid("param");
    if (!(await findAuthor(c.env.DB, id))) throw notFound("找不到這位作者");
    const q = c.req.valid("query");
    return ok(c, await listProducts(c.env.DB, { ...pageFilter(q), authorId: id }));
  });
