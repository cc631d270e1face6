// The worker variables of a local store with the stand-in gateway and the development mailbox, as `npm start` runs it
// (and `npm run bench`'s checkout timing): a local store sends no mail, since wrangler's local send_email binding
// keeps what the mail queue's consumer gives it, and the development mailbox shows it at /_dev/mail (the sender is a
// placeholder address; nothing leaves the machine). Nor can it reach NewebPay: payment forms go to the stand-in
// gateway at /_dev/payment, with NewebPay's published example key and IV (PAYMENT.md) as the local merchant's
// credentials, and the store asks the stand-in's QueryTradeInfo before it settles a payment (over plain http, which is
// allowed on a loopback host only).

/** NAME:VALUE pairs for serve-built's --var, for a store on 127.0.0.1:`port`. */
export function localPaymentVars(port) {
  return [
    ["NEWEBPAY_MERCHANT_ID", "MS_LOCAL"],
    ["NEWEBPAY_HASH_KEY", "12345678901234567890123456789012"],
    ["NEWEBPAY_HASH_IV", "1234567890123456"],
    ["NEWEBPAY_QUERY_URL", `http://127.0.0.1:${port}/_dev/payment/API/QueryTradeInfo`],
    ["DEV_PAYMENT", "on"],
    // E-invoices are issued by the stand-in ezPay at /_dev/einvoice, with local credentials of its own.
    ["EZPAY_MERCHANT_ID", "EZ_LOCAL"],
    ["EZPAY_HASH_KEY", "abcdefghijklmnopqrstuvwxyz012345"],
    ["EZPAY_HASH_IV", "abcdefghijklmnop"],
    ["EZPAY_URL", `http://127.0.0.1:${port}/_dev/einvoice`],
    ["DEV_EINVOICE", "on"],
    ["MAIL_FROM", "store@example.com"],
  ].map(([name, value]) => `${name}:${value}`);
}
