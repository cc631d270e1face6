// The stand-in's own record of invoices (dev_einvoice_invoices, migration 0022). Its answers come from this alone,
// never from the store's tables.

/** The two letters (字軌) of the stand-in's numbers: EZ00000001, EZ00000002, … */
export const STAND_IN_TRACK = "EZ";

/** An item as invoiced. */
export interface InvoicedItem {
  name: string;
  count: number;
  unit: string;
  price: number;
  amount: number;
}

/** What an issue asks for, checked. */
export interface InvoiceRequest {
  merchantOrderNo: string;
  category: "B2C" | "B2B";
  buyerName: string;
  buyerUbn: string;
  buyerEmail: string;
  carrierType: "" | "0" | "1" | "2";
  carrierNum: string;
  loveCode: string;
  printFlag: "Y" | "N";
  amt: number;
  taxAmt: number;
  totalAmt: number;
  items: InvoicedItem[];
  comment: string;
}

/** A row of dev_einvoice_invoices. */
export interface StoredInvoice {
  id: number;
  invoice_number: string;
  merchant_order_no: string;
  invoice_trans_no: string;
  random_num: string;
  category: "B2C" | "B2B";
  buyer_name: string;
  buyer_ubn: string;
  buyer_email: string;
  carrier_type: "" | "0" | "1" | "2";
  carrier_num: string;
  love_code: string;
  print_flag: "Y" | "N";
  amt: number;
  tax_amt: number;
  total_amt: number;
  items: string;
  comment: string;
  create_time: string;
  invalid_reason: string | null;
  invalid_time: string | null;
  created_at: string;
}

/**
 * Records an invoice under the next number, in one statement (D1 runs one at a time, so two issues never take the
 * same number). Null when its MerchantOrderNo was issued before (ezPay's LIB10003): nothing changes then.
 * `transNoPrefix` is the Taipei time as YYMMDDHHmmss; InvoiceTransNo is it and the id's last 5 digits.
 */
export async function recordInvoice(
  db: D1Database,
  request: InvoiceRequest,
  issued: { randomNum: string; createTime: string; transNoPrefix: string; now: Date },
): Promise<StoredInvoice | null> {
  return db
    .prepare(
      `INSERT INTO dev_einvoice_invoices (id, invoice_number, merchant_order_no, invoice_trans_no, random_num, category,
         buyer_name, buyer_ubn, buyer_email, carrier_type, carrier_num, love_code, print_flag, amt, tax_amt, total_amt,
         items, comment, create_time, created_at)
       SELECT next.id, ?1 || printf('%08d', next.id), ?2, ?3 || printf('%05d', next.id % 100000), ?4, ?5, ?6, ?7, ?8, ?9,
              ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19
       FROM (SELECT COALESCE(MAX(id), 0) + 1 AS id FROM dev_einvoice_invoices) AS next
       WHERE true
       ON CONFLICT (merchant_order_no) DO NOTHING
       RETURNING *`,
    )
    .bind(
      STAND_IN_TRACK,
      request.merchantOrderNo,
      issued.transNoPrefix,
      issued.randomNum,
      request.category,
      request.buyerName,
      request.buyerUbn,
      request.buyerEmail,
      request.carrierType,
      request.carrierNum,
      request.loveCode,
      request.printFlag,
      request.amt,
      request.taxAmt,
      request.totalAmt,
      JSON.stringify(request.items),
      request.comment,
      issued.createTime,
      issued.now.toISOString(),
    )
    .first<StoredInvoice>();
}

export const findByNumber = (db: D1Database, invoiceNumber: string) =>
  db
    .prepare("SELECT * FROM dev_einvoice_invoices WHERE invoice_number = ?1")
    .bind(invoiceNumber)
    .first<StoredInvoice>();

export const findByOrderNo = (db: D1Database, merchantOrderNo: string) =>
  db
    .prepare("SELECT * FROM dev_einvoice_invoices WHERE merchant_order_no = ?1")
    .bind(merchantOrderNo)
    .first<StoredInvoice>();

/** Voids an invoice that is not void yet; null when it was (ezPay's LIB10005) or does not exist. */
export const voidInvoice = (db: D1Database, invoiceNumber: string, reason: string, invalidTime: string) =>
  db
    .prepare(
      `UPDATE dev_einvoice_invoices SET invalid_reason = ?2, invalid_time = ?3
       WHERE invoice_number = ?1 AND invalid_time IS NULL RETURNING *`,
    )
    .bind(invoiceNumber, reason, invalidTime)
    .first<StoredInvoice>();

/** The newest invoices first. */
export async function recentInvoices(db: D1Database, limit: number): Promise<StoredInvoice[]> {
  const { results } = await db
    .prepare("SELECT * FROM dev_einvoice_invoices ORDER BY id DESC LIMIT ?1")
    .bind(limit)
    .all<StoredInvoice>();
  return results;
}
