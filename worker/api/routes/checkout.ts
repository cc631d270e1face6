// Quote and checkout: every amount is recomputed from the database; SPEC §5's payload rules and validators are
// enforced here too, with the same domain code the storefront uses. A checkout may carry an Idempotency-Key, so a
// double submit makes one order.
import { Hono } from "hono";
import { z } from "zod";
import * as CATEGORY from "~/domain/categories";
import { asAscii } from "~/domain/input-filters";
import * as ORDER_STATUS from "~/domain/order-statuses";
import * as PAY_TYPE from "~/domain/pay-types";
import { sha256Hex } from "~/domain/sha256";
import { isEmailAddress, tidyEmail } from "~/features/account/email-address";
import { RECIPIENT_ADDRESS_MAX_LENGTH, RECIPIENT_NAME_MAX_LENGTH } from "~/features/account/recipient-fields";
import {
  type CheckoutPayload,
  checkoutPayload,
  defaultTempOrder,
  TEL_TYPES,
  type TempOrder,
} from "~/features/checkout/checkout";
import {
  COMPANY_NAME_MAX_LENGTH,
  COUPON_CODE_MAX_LENGTH,
  invoiceProblems,
  MEMBER_EMAIL_MAX_LENGTH,
  MEMBER_NAME_MAX_LENGTH,
} from "~/features/checkout/checkout-draft";
import { IDEMPOTENCY_KEY_PATTERN } from "~/features/checkout/idempotency-key";
import { INVOICE_FIELDS } from "~/features/checkout/invoice";
import { AMOUNTS_CHANGED } from "~/features/checkout/totals";
import { BARCODE_NOT_FOUND, codeExists, LOVE_CODE_NOT_FOUND } from "../../einvoice/existence-check";
import type { EzpayConfig } from "../../einvoice/ezpay-client";
import { checkAddress } from "../address-rules";
import { optionalMember, requireMember } from "../auth/require-member";
import { formTextField } from "../checkout-form-fields";
import { conflict, invalidField, invalidInput, ok } from "../envelope";
import { handOff } from "../hand-off";
import { assertPaymentAvailable, type PaymentContext, paymentFormFor } from "../payment/payment-form";
import { COUPON_EXHAUSTED, COUPON_USED, priceOrder, refuseHeldItems } from "../pricing";
import { moveOrder } from "../queries/order-transitions";
import {
  type CreatedOrder,
  createOrder,
  type OrderConflict,
  OrderConflictError,
  orderOfIdempotencyKey,
} from "../queries/orders";
import { shortItems, stockShort } from "../queries/stock";
import { textField } from "../text-field";
import type { ApiEnv, Schemas } from "../types";
import { validate } from "../validation";
import { type Writes, writesFor } from "../writes";

const id = z.number({ error: "商品編號必須是正整數" }).int().min(1).max(999_999_999_999_999);
const items = z
  .array(
    z.strictObject({
      id,
      quantity: z.number({ error: "數量必須是 1 到 999 的整數" }).int("數量必須是 1 到 999 的整數").min(1).max(999),
    }),
    { error: "items 必須是商品陣列" },
  )
  .min(1, "訂單至少要有一項商品")
  .max(200, "一張訂單最多 200 項商品");
const zeroOrOne = (name: string) => z.union([z.literal(0), z.literal(1)], { error: `${name} 只能是 0 或 1` });
const amount = (name: string) =>
  z
    .number({ error: `${name} 必須是整數` })
    .int(`${name} 必須是整數`)
    .min(0, `${name} 不能是負數`)
    .max(99_999_999, `${name} 超過上限`);

/** A coupon's code as typed: a full-width ＢＯＯＫＦＡＩＲ５０ is the same code (the forms' filters read it so too). */
const couponCode = textField("折價券代碼", COUPON_CODE_MAX_LENGTH).overwrite(asAscii).optional();

const quoteBody = z.strictObject({
  category_type: zeroOrOne("category_type"),
  area_type: zeroOrOne("area_type"),
  coupon_code: couponCode,
  items,
});

const checkoutBody = z
  .object({
    member_name: formTextField("member_name", MEMBER_NAME_MAX_LENGTH).min(1, "請填寫訂購人姓名"),
    member_email: formTextField("member_email", MEMBER_EMAIL_MAX_LENGTH, "訂購人電子郵件")
      .overwrite(tidyEmail)
      .refine(isEmailAddress, "訂購人電子郵件格式不正確"),
    receiver: textField("收件人", RECIPIENT_NAME_MAX_LENGTH).optional(),
    cellphone: textField("手機", 16).optional(),
    area_code: textField("區碼", 4).optional(),
    tel_type: z.enum(TEL_TYPES, { error: "電話類型只能是市話、住家或公司" }).optional(),
    tel: textField("電話", 20).optional(),
    area_type: zeroOrOne("area_type"),
    city: textField("縣市", 10).optional(),
    area: textField("鄉鎮市區", 10).optional(),
    address: textField("地址", RECIPIENT_ADDRESS_MAX_LENGTH).optional(),
    country: textField("國家", 60).optional(),
    // Pay types run from 信用卡付款 (1) to 專戶匯款 (7) (app/domain/pay-types.ts).
    pay_type: z
      .number({ error: "付款方式不正確" })
      .int()
      .min(PAY_TYPE.creditCard, "付款方式不正確")
      .max(PAY_TYPE.transfer, "付款方式不正確"),
    delivery_type: z.number({ error: "配送方式不正確" }).int().min(1, "配送方式不正確").max(9, "配送方式不正確"),
    invoice_type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "發票類型只能是 1、2 或 3" }),
    invoice_donation: formTextField("invoice_donation", 7).optional(),
    invoice_carrier_type: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: "載具類型不正確" }).optional(),
    invoice_carrier_mobile: formTextField("invoice_carrier_mobile", 8).optional(),
    invoice_carrier_card: formTextField("invoice_carrier_card", 16).optional(),
    invoice_company: formTextField("invoice_company", COMPANY_NAME_MAX_LENGTH).optional(),
    invoice_company_tax: formTextField("invoice_company_tax", 8).optional(),
    coupon_code: couponCode,
    category_type: zeroOrOne("category_type"),
    subtotal: amount("subtotal"),
    fee: amount("fee"),
    no_fee: zeroOrOne("no_fee"),
    discount_price: amount("discount_price"),
    total: amount("total"),
    items,
  })
  .strict();

type CheckoutBody = z.output<typeof checkoutBody>;

/** SPEC §5 contents, field by field, in the order a reader fills the form. */
/** A payload carries only the invoice details that apply: one that is left out is read as empty, never as a default. */
const NO_INVOICE_DETAILS = {
  invoice_donation: "",
  invoice_carrier_mobile: "",
  invoice_carrier_card: "",
  invoice_company: "",
  invoice_company_tax: "",
};

/** The address (address-rules.ts) and the invoice details (the form's own checks, checkout-draft.ts), first problem first. */
function checkDetails(body: CheckoutBody) {
  if (body.category_type === CATEGORY.physicalType) checkAddress({ ...body, name: body.receiver });
  // The form always has a carrier type; a payload may leave it out.
  if (body.invoice_type === 2 && !body.invoice_carrier_type) throw invalidInput("請選擇發票載具類型");
  const sent = { ...defaultTempOrder(body.category_type), ...NO_INVOICE_DETAILS, ...body } as TempOrder;
  const [problem] = Object.entries(invoiceProblems(sent));
  if (problem) throw invalidField(...problem);
}

/**
 * A mobile barcode or love code that ezPay says does not exist is refused; when ezPay cannot say (down, slow, not
 * configured), checkout goes on with the format check: a sale is never blocked by the invoice service. The refusal
 * names its field, so the checkout shows it there.
 */
async function checkInvoiceCodes(config: EzpayConfig, order: CheckoutPayload) {
  const barcode = order.invoice_type === 2 && order.invoice_carrier_type === 2 ? order.invoice_carrier_mobile : "";
  if (barcode && (await codeExists(config, "barcode", barcode.trim())) === "missing") {
    throw invalidField("invoice_carrier_mobile", BARCODE_NOT_FOUND);
  }
  const loveCode = order.invoice_type === 1 ? order.invoice_donation : "";
  if (loveCode && (await codeExists(config, "loveCode", loveCode.trim())) === "missing") {
    throw invalidField("invoice_donation", LOVE_CODE_NOT_FOUND);
  }
}

function idempotencyKeyOf(key: string | undefined): string | null {
  if (key === undefined) return null;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw invalidInput("Idempotency-Key 須為 8 到 64 個英數字、_ 或 -");
  return key;
}

/**
 * The reply for an order: the payment form while it awaits payment (the open attempt's again on a repeat, so a
 * double submit never opens a second live payment; none once a repeat finds it paid or ended).
 */
async function checkoutResult(c: PaymentContext, order: CreatedOrder): Promise<Schemas["CheckoutResult"]> {
  return {
    order_id: order.id,
    order_no: order.order_no,
    status: order.status,
    total: order.total,
    payment: order.status === ORDER_STATUS.awaiting ? await paymentFormFor(c, order) : null,
  };
}

/** An order that totals 0 has nothing to pay: the state machine settles it as it is placed (5, or 4). */
async function settledIfFree(c: PaymentContext, order: CreatedOrder, writes: Writes): Promise<CreatedOrder> {
  if (order.total !== 0) return order;
  const outcome = await moveOrder(c.env.DB, order.id, "placed-free", { now: new Date(), writes });
  return outcome.moved ? { ...order, status: outcome.to } : order;
}

/** The order an earlier request with this key made; a different payload under the same key is refused. */
async function repeatedOrder(c: PaymentContext, memberId: number, key: string, payloadHash: string) {
  const earlier = await orderOfIdempotencyKey(c.env.DB, memberId, key);
  if (earlier && earlier.payload_hash !== payloadHash) {
    throw conflict("這個 Idempotency-Key 已用於另一張內容不同的訂單，請重新送出");
  }
  return earlier;
}

const COUPON_REFUSAL: Partial<Record<OrderConflict, string>> = {
  "coupon-used": COUPON_USED,
  "coupon-exhausted": COUPON_EXHAUSTED,
};

export const checkoutRoutes = new Hono<ApiEnv>()
  .post("/quote", optionalMember, validate("json", quoteBody), async (c) =>
    ok(c, await priceOrder(c.env.DB, c.req.valid("json"), { memberId: c.var.memberId })),
  )
  .post("/checkout", requireMember, validate("json", checkoutBody, INVOICE_FIELDS), async (c) => {
    const body = c.req.valid("json");
    const memberId = c.var.memberId;
    const key = idempotencyKeyOf(c.req.header("Idempotency-Key"));
    const payloadHash = await sha256Hex(JSON.stringify(body));
    if (key) {
      const earlier = await repeatedOrder(c, memberId, key, payloadHash);
      if (earlier) return ok(c, await checkoutResult(c, earlier));
    }
    checkDetails(body);
    let quote: Schemas["Quote"];
    try {
      quote = await priceOrder(c.env.DB, body, { strict: true, memberId });
    } catch (error) {
      // The same key sent twice at once: the other request's order may hold its e-books by now, which this one would
      // be refused for (already in an order); it made the order, so answer with it.
      const earlier = key && (await repeatedOrder(c, memberId, key, payloadHash));
      if (earlier) return ok(c, await checkoutResult(c, earlier));
      throw error;
    }
    // A coupon that no longer applies is named first: it is why the amounts would differ.
    if (body.coupon_code && quote.coupon_message) throw invalidInput(quote.coupon_message);
    for (const key of ["subtotal", "fee", "no_fee", "discount_price", "total"] as const) {
      if (body[key] !== quote[key]) throw invalidInput(AMOUNTS_CHANGED);
    }
    if (quote.pay_type_forced && body.pay_type !== PAY_TYPE.transfer) {
      throw invalidInput("海外訂單或金額為 0 的訂單須以專戶匯款付款");
    }
    // Nothing is delivered for a digital order, so nobody could take cash on delivery.
    if (body.category_type === CATEGORY.digitalType && body.pay_type === PAY_TYPE.cashOnDelivery) {
      throw invalidInput("數位商品不需配送，無法貨到付款，請選擇其他付款方式");
    }
    // The payload must hold exactly the details that apply (SPEC §5), as the storefront builds it.
    const draft: TempOrder = { ...defaultTempOrder(body.category_type), ...body } as TempOrder;
    const expected = checkoutPayload(draft, quote.lines, quote);
    const extra = Object.keys(body).filter((key) => !(key in expected));
    if (extra.length > 0) throw invalidInput(`訂單含有不適用的欄位：${extra.join("、")}`);
    assertPaymentAvailable(c, expected);
    await checkInvoiceCodes(c.env.config, expected);
    const idempotency = key ? { key, payloadHash } : undefined;
    try {
      const writes = writesFor(c.env.config);
      const created = await createOrder(c.env.DB, { memberId, payload: expected, quote, idempotency, writes });
      try {
        return ok(c, await checkoutResult(c, await settledIfFree(c, created, writes)));
      } finally {
        // The order is made: its mail goes even when the payment form could not be.
        await handOff(c, writes);
      }
    } catch (error) {
      if (!(error instanceof OrderConflictError)) throw error;
      const refusal = COUPON_REFUSAL[error.conflict];
      if (refusal) throw invalidInput(refusal);
      // Another order took the last copies between the quote and this batch: name what is short now.
      if (error.conflict === "stock-short") throw stockShort(await shortItems(c.env.DB, quote.lines));
      // The same key sent twice at once: the other request made the order; answer with it.
      const earlier =
        key && error.conflict === "idempotency-key" && (await repeatedOrder(c, memberId, key, payloadHash));
      if (earlier) return ok(c, await checkoutResult(c, earlier));
      // Another checkout at the same moment made an order holding one of its e-books (migration 0028): the same
      // refusal, naming it, as when that order was there before the quote.
      if (error.conflict === "digital-held") await refuseHeldItems(c.env.DB, memberId, quote.lines);
      throw error;
    }
  });
