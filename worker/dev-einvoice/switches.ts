// POST /switches: sets the dev-only switches (semantics atop switches-table.ts), from JSON (answered with the
// switches as JSON) or from the page's form (answered 303 back to the page). Fields left out keep their value:
//   down           "on" | "off" (or true | false)
//   down_order_no  "" (every call), one MerchantOrderNo, or a mobile barcode or love code the checks are asked about
//   lost_replies   0 … 100: how many of the next successful issues lose their reply
//   lost_order_no  "" (any order) or one MerchantOrderNo
// GET /switches answers them as JSON.
import type { Context } from "hono";
import { formFields } from "../api/payment/gateway-reply";
import { htmlReply } from "../dev-page";
import type { WorkerEnv } from "../types";
import { BARCODE_PATTERN } from "./existence";
import { MERCHANT_ORDER_NO_PATTERN } from "./issue";
import { errorPage } from "./pages";
import { LOST_REPLIES_MAX, readSwitches, type Switches, writeSwitches } from "./switches-table";

/** The switches as JSON, with the names POST takes. */
export const switchesJson = (switches: Switches) => ({
  down: switches.down,
  down_order_no: switches.downOrderNo,
  lost_replies: switches.lostReplies,
  lost_order_no: switches.lostOrderNo,
  updated_at: switches.updatedAt,
});

/** The switches with the asked changes, or a Chinese reason. */
export function changedSwitches(current: Switches, asked: Record<string, unknown>): Switches | string {
  const next = { ...current };
  const { down, down_order_no, lost_replies, lost_order_no } = asked;
  if (down !== undefined) {
    if (down === true || down === "on") next.down = true;
    else if (down === false || down === "off") next.down = false;
    else return "down 須為 on 或 off";
  }
  // "down" may be scoped to an order or to a code the checks are asked about (a love code is digits, so an order's).
  for (const [value, key, scopes] of [
    [down_order_no, "downOrderNo", [MERCHANT_ORDER_NO_PATTERN, BARCODE_PATTERN]],
    [lost_order_no, "lostOrderNo", [MERCHANT_ORDER_NO_PATTERN]],
  ] as const) {
    if (value === undefined) continue;
    const scope = typeof value === "string" ? value.trim() : undefined;
    if (scope === undefined || (scope !== "" && !scopes.some((pattern) => pattern.test(scope)))) {
      return key === "downOrderNo"
        ? "中斷的對象須為空白、訂單的發票編號（1 到 20 個英文字母、數字、底線）或手機條碼"
        : "訂單的發票編號須為空白或 1 到 20 個英文字母、數字、底線";
    }
    next[key] = scope;
  }
  if (lost_replies !== undefined) {
    const count =
      typeof lost_replies === "string" && /^\d{1,3}$/.test(lost_replies) ? Number(lost_replies) : lost_replies;
    if (typeof count !== "number" || !Number.isInteger(count) || count < 0 || count > LOST_REPLIES_MAX) {
      return `lost_replies 須為 0 到 ${LOST_REPLIES_MAX} 的整數`;
    }
    next.lostReplies = count;
  }
  return next;
}

export async function showSwitches(c: Context<WorkerEnv>) {
  c.header("Cache-Control", "no-store");
  return c.json(switchesJson(await readSwitches(c.env.DB)));
}

export async function changeSwitches(c: Context<WorkerEnv>) {
  c.header("Cache-Control", "no-store");
  const isJson = (c.req.header("Content-Type") ?? "").includes("application/json");
  const asked: unknown = isJson ? await c.req.json().catch(() => null) : await formFields(c.req);
  if (typeof asked !== "object" || asked === null || Array.isArray(asked)) {
    return c.json({ error: "須以 JSON 物件或表單送出開關" }, 400);
  }
  const db = c.env.DB;
  const next = changedSwitches(await readSwitches(db), asked as Record<string, unknown>);
  if (typeof next === "string") return isJson ? c.json({ error: next }, 400) : htmlReply(c, errorPage(next), 400);
  const saved = await writeSwitches(db, next, new Date());
  return isJson ? c.json(switchesJson(saved)) : c.redirect(c.req.path.replace(/\/switches\/?$/, ""), 303);
}
