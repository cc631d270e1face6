// The site's pages a mail links to, by their paths in the page registry (app/pages.ts). Only an order number goes
// into a link: never an e-mail address, a code or a token.
import { PAGES, type PageId } from "~/pages";
import type { SitePath } from "./message";

/** A registry page without parameters. */
export function pagePath(id: PageId, query?: Record<string, string>): SitePath {
  const path = PAGES[id].path as SitePath;
  return query ? `${path}?${new URLSearchParams(query)}` : path;
}

/** The member's detail of one order (/member/orders?no=…). */
export const orderPagePath = (orderNo: string) => pagePath("member-orders", { no: orderNo });

/** Where a failed payment is tried again (重新付款 on /order-complete?order_no=…). */
export const payAgainPath = (orderNo: string) => pagePath("order-complete", { order_no: orderNo });
