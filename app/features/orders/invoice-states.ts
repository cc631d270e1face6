// The e-invoice's state as the reader sees it (issue 24), for the order pages and mails: each state of the store's
// invoices table (worker/api/migrations/0021_invoices.sql) with its label and, where the reader may wonder, what happens
// next or what to do. Framework-free; the
// order pages' loaders use it on the server (order-details.ts).

export type InvoiceState =
  | "pending"
  | "issuing"
  | "issued"
  | "failed"
  | "voiding"
  | "voided"
  | "void-failed"
  | "unneeded";

const CONTACT = "我們會盡快處理，如有疑問請聯絡客服";

/** Each state's label, then what the reader can do about it ("" when nothing needs saying). */
const STATES: Record<InvoiceState, readonly [label: string, note: string]> = {
  pending: ["待開立", "付款已確認，發票開立後會在這裡顯示發票號碼"],
  issuing: ["開立中", "付款已確認，發票開立後會在這裡顯示發票號碼"],
  issued: ["已開立", ""],
  failed: ["開立失敗", `發票開立失敗，${CONTACT}`],
  voiding: ["作廢處理中", "訂單已取消，發票將會作廢"],
  voided: ["已作廢", ""],
  "void-failed": ["作廢失敗", `發票作廢未完成，${CONTACT}`],
  unneeded: ["不需開立", ""],
};

/**
 * The note of an invoice still waiting (待開立, 開立中) when its order ended (取消訂單, 交易中斷): it will not be
 * delivered, so no number is promised. One ezPay issued is voided next; one it holds none of is not issued.
 */
const ENDED_NOTE = "訂單已取消，發票將作廢或不開立";

const stateOf = (state: string) => (Object.hasOwn(STATES, state) ? STATES[state as InvoiceState] : undefined);

/** The label of an invoice state; "" for one the store does not have. */
export const invoiceStateLabel = (state: string): string => stateOf(state)?.[0] ?? "";

/**
 * What the reader can do about an invoice in this state, or what happens next; "" when nothing needs saying.
 * `orderEnded`: its order ended (取消訂單, 交易中斷), which changes what happens next to one still waiting.
 */
export const invoiceStateNote = (state: string, orderEnded = false): string =>
  orderEnded && (state === "pending" || state === "issuing") ? ENDED_NOTE : (stateOf(state)?.[1] ?? "");
