// Orders as the delivery reads them from D1, for the order mails' tests.
import * as CATEGORY from "~/domain/categories";
import * as PAY_TYPE from "~/domain/pay-types";
import type { OrderReceivedInput } from "../order-received";

export const ORDER_NO = "BK20261123-000042-7KQ3ZP";

/** A domestic paper-book order paid by credit card, shipped free, with a coupon. */
export const PHYSICAL_ORDER: OrderReceivedInput = {
  order_no: ORDER_NO,
  member_name: "林靜宜",
  member_email: "reader@example.com",
  pay_type: PAY_TYPE.creditCard,
  category_type: CATEGORY.physicalType,
  area_type: 0,
  created_at: "2026-11-23T06:00:00.000Z",
  subtotal: 1_280,
  fee: 80,
  no_fee: 1,
  discount_price: 100,
  fee_extra: 0,
  total_revise: 0,
  total: 1_180,
  coupon_code: "LOTUS100",
  details: {
    receiver: "林靜宜",
    cellphone: "0912345678",
    city: "臺北市",
    area: "中正區",
    address: "重慶南路一段 1 號",
    country: "台灣",
    invoice_type: 2,
    invoice_carrier_type: 2,
    invoice_carrier_mobile: "/ABC1234",
  },
  items: [
    { title: "心經講記", quantity: 2, price_sale: 380 },
    { title: "金剛經講話", quantity: 1, price_sale: 520 },
  ],
};

/** An e-book order paid by 專戶匯款, invoiced to a company. */
export const DIGITAL_ORDER: OrderReceivedInput = {
  ...PHYSICAL_ORDER,
  pay_type: PAY_TYPE.transfer,
  category_type: CATEGORY.digitalType,
  subtotal: 300,
  fee: 0,
  no_fee: 0,
  discount_price: 0,
  total: 300,
  coupon_code: null,
  details: { invoice_type: 3, invoice_company: "覺林文化有限公司", invoice_company_tax: "04595257" },
  items: [{ title: "電子書：佛光菜根譚", quantity: 1, price_sale: 300 }],
};
