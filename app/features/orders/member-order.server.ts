// A member's order by its number, for the pages that show one (/member/orders?no=…, /order-complete): the order
// (with its receiver and invoice as the page shows them, built here so their labels stay on the server), or
// why not — missing (a malformed or unknown number, or another member's order: the API does not tell those apart),
// a missing session (the page asks to sign in), or an API that could not answer (logged, with the reply's status).

import { API_CODE } from "~/http/api-codes";
import type { ApiClient } from "~/lib/api/client";
import { isMissing, submitted } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { log } from "~/lib/log.server";
import { type OrderDetailsView, readOrderDetails } from "./order-details";
import { isOrderNo } from "./order-no";

type MemberOrder =
  | { found: "order"; order: components["schemas"]["OrderDetail"]; parties: OrderDetailsView }
  | { found: "missing" | "unauthenticated" | "unavailable"; status: number };

/** The order `orderNo` of the signed-in member; `where` names the page in the log line of an unavailable API. */
export async function memberOrder(api: ApiClient, orderNo: string, where: string, what: string): Promise<MemberOrder> {
  if (!isOrderNo(orderNo)) return { found: "missing", status: 404 };
  const reply = await submitted(api.GET("/member/orders/{order_no}", { params: { path: { order_no: orderNo } } }));
  if (reply.ok)
    return {
      found: "order",
      order: reply.data,
      parties: readOrderDetails(reply.data.details, reply.data.invoice, reply.data.status),
    };
  if (isMissing(reply)) return { found: "missing", status: 404 };
  if (reply.code === API_CODE.unauthenticated) return { found: "unauthenticated", status: reply.status };
  log.warn(where, { message: `${what} unavailable`, code: reply.code, status: reply.status });
  return { found: "unavailable", status: reply.status };
}
