import { Hono } from "hono";
import { z } from "zod";
import { SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG } from "~/domain/search-query";
import { ok } from "../envelope";
import { pageNumber, wholeNumber } from "../params";
import { searchProducts, searchSuggestions } from "../queries/search";
import { searchTerms } from "../search-terms";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const q = z
  .string({ error: "請輸入搜尋關鍵字" })
  .trim()
  .min(1, "請輸入搜尋關鍵字")
  .max(SEARCH_QUERY_MAX, SEARCH_QUERY_TOO_LONG)
  // Control characters alone leave no word to look for.
  .refine((text) => searchTerms(text).phrase !== "", "請輸入搜尋關鍵字");

const searchQuery = z.object({
  q,
  sort: z
    .enum(["relevance", "newest", "price_asc", "price_desc"], {
      error: "sort 只能是 relevance、newest、price_asc 或 price_desc",
    })
    .default("relevance"),
  page: pageNumber,
  per_page: wholeNumber("per_page", 1, 60, 24),
});
const suggestionQuery = z.object({ q, limit: wholeNumber("limit", 1, 10, 5) });

export const searchRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", searchQuery), async (c) => {
    const query = c.req.valid("query");
    return ok(c, await searchProducts(c.env.DB, searchTerms(query.q), query.sort, query.page, query.per_page));
  })
  .get("/suggestions", validate("query", suggestionQuery), async (c) => {
    const query = c.req.valid("query");
    return ok(c, await searchSuggestions(c.env.DB, searchTerms(query.q), query.limit));
  });
