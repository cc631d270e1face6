// The paid order the invoice tests issue for: a domestic paper-book order of two lines, shipping 80 and a coupon of
// 100 (2×320 + 250 + 80 − 100 = 870), invoiced to a mobile barcode with `/` and `+` (which ezPay's sample encodes
// twice).
import type { InvoiceOrder } from "../issue-request";

export const INVOICE_ORDER: InvoiceOrder = {
  id: 42,
  order_no: "BK20261123-000042-7KQ3ZP",
  member_id: 7,
  member_name: "林靜宜",
  member_email: "reader@example.com",
  category_type: 0,
  area_type: 0,
  subtotal: 890,
  fee: 80,
  no_fee: 0,
  discount_price: 100,
  fee_extra: 0,
  total_revise: 0,
  total: 870,
  details: { invoice_type: 2, invoice_carrier_type: 2, invoice_carrier_mobile: "/AB+1234" },
  items: [
    { title: "心經講記", quantity: 2, price_sale: 320 },
    { title: "金剛經講話", quantity: 1, price_sale: 250 },
  ],
};
