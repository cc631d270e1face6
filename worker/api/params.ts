// Request parameters shared by several resources, with their Chinese messages.
import { z } from "zod";
import { PAGE_MAX } from "~/domain/paging";
import { parseWholeNumber } from "~/domain/whole-number";
import type { ProductFilter } from "./queries/catalogue";

/** A path id: digits only, 1 to 15 of them. */
export function idParams(message: string) {
  return z.object({
    id: z
      .string()
      .regex(/^\d{1,15}$/, message)
      .transform(Number)
      .refine((id) => id >= 1 && Number.isSafeInteger(id), message),
  });
}

/**
 * A whole-number query parameter from `min` to `max`, `fallback` when absent; one Chinese message for every fault.
 * Only decimal digits are read (parseWholeNumber), never `0x10` or `1e1`, so the edge cache's key is the number.
 */
export function wholeNumber(name: string, min: number, max: number, fallback: number) {
  return inRange(`${name} 必須是 ${min} 到 ${max} 的整數`, min, max).default(fallback);
}

/** A query value read as a whole number from `min` to `max`, or `message`. */
export function inRange(message: string, min: number, max: number) {
  return z.string({ error: message }).transform((text, context) => {
    const number = parseWholeNumber(text);
    if (number !== null && number >= min && number <= max) return number;
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}

/** `?page=`: 1 to PAGE_MAX, the first page when absent. */
export const pageNumber = wholeNumber("page", 1, PAGE_MAX, 1);

const productSort = z
  .enum(["newest", "price_asc", "price_desc", "title"], {
    error: "sort 只能是 newest、price_asc、price_desc 或 title",
  })
  .default("newest");

export const productPageQuery = z.object({
  sort: productSort,
  page: pageNumber,
  per_page: wholeNumber("per_page", 1, 60, 24),
});

/** A sorted, paged product query as a listing filter with nothing else filtered. */
export function pageFilter(q: z.output<typeof productPageQuery>): ProductFilter {
  return { isNew: false, isPick: false, sort: q.sort, page: q.page, perPage: q.per_page };
}

/** The page window of editorial and member listings (10 a page by default, at most 50). */
export const listPage = {
  page: pageNumber,
  per_page: wholeNumber("per_page", 1, 50, 10),
};
