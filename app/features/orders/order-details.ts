// What an order's stored details say, for its reader: who receives it where, and how it is invoiced, with the
// e-invoice issued for it (issue 24). The API keeps the details as the checkout payload had them (SPEC §5: only the
// fields that apply), so every field is optional. The pages' loaders build this view on the server and send it with
// the order, so the labels of every kind and state never ship to the browser.

import { taiwanAddressLine } from "~/domain/tw-postal";
import { DONATION_CHARITIES, INVOICE_CARRIER_LABEL, INVOICE_TYPE_LABEL } from "./invoice-labels";
import { invoiceStateLabel, invoiceStateNote } from "./invoice-states";
import { isEnded } from "./order-state-machine";

export interface OrderReceiver {
  name: string;
  /** The cellphone, then the other phone as `市話 (02) 23456789`. */
  phones: string[];
  /** Postal code, city, area and street as a Taiwanese address is written; or the country, then the street. */
  address: string;
}

/** The e-invoice as the API reports it (the contract's OrderInvoice): its state, number and issue time. */
export interface IssuedInvoice {
  state: string;
  number: string | null;
  issued_at: string | null;
}

export interface OrderInvoice {
  /** 捐贈發票, 電子發票載具 or 公司戶發票. */
  label: string;
  /** What the kind needs: the charity, the carrier and its code, or the company and its tax id. */
  fields: { label: string; value: string }[];
  /** The e-invoice's state (開立中, 已開立, …) and what the reader can do about it; absent before payment. */
  status?: { label: string; note: string };
  /** The invoice number (字軌號碼), once issued. */
  number?: string;
  /** When ezPay issued it (ISO 8601). */
  issuedAt?: string;
}

export interface OrderDetailsView {
  receiver?: OrderReceiver;
  invoice?: OrderInvoice;
}

const DOMESTIC_COUNTRY = "台灣";

function text(details: Record<string, unknown>, key: string): string {
  const value = details[key];
  return typeof value === "string" || typeof value === "number" ? String(value).trim() : "";
}

function receiverOf(details: Record<string, unknown>): OrderReceiver | undefined {
  const name = text(details, "receiver");
  if (!name) return undefined;
  const cellphone = text(details, "cellphone");
  const tel = text(details, "tel");
  const areaCode = text(details, "area_code");
  const phones = [
    ...(cellphone ? [cellphone] : []),
    ...(tel ? [[text(details, "tel_type"), areaCode ? `(${areaCode})` : "", tel].filter(Boolean).join(" ")] : []),
  ];
  const country = text(details, "country");
  const street = text(details, "address");
  // Domestic, with the postal code as the recipient list writes it (a guest's masked view has no city or area, so none).
  const address =
    country && country !== DOMESTIC_COUNTRY
      ? `${country} ${street}`
      : taiwanAddressLine(text(details, "city"), text(details, "area"), street);
  return { name, phones, address };
}

function charityName(code: string): string {
  return DONATION_CHARITIES.find((c) => c.code === code)?.name ?? code;
}

function invoiceOf(details: Record<string, unknown>): OrderInvoice | undefined {
  const type = Number(details.invoice_type);
  if (type === 1) {
    const code = text(details, "invoice_donation");
    return { label: INVOICE_TYPE_LABEL[1], fields: code ? [{ label: "捐贈單位", value: charityName(code) }] : [] };
  }
  if (type === 2) {
    const carrier = Number(details.invoice_carrier_type);
    if (carrier !== 1 && carrier !== 2 && carrier !== 3) return { label: INVOICE_TYPE_LABEL[2], fields: [] };
    const code = text(details, carrier === 2 ? "invoice_carrier_mobile" : "invoice_carrier_card");
    return {
      label: INVOICE_TYPE_LABEL[2],
      fields: [{ label: "載具", value: `${INVOICE_CARRIER_LABEL[carrier]}${carrier !== 1 && code ? ` ${code}` : ""}` }],
    };
  }
  if (type === 3) {
    const company = text(details, "invoice_company");
    const tax = text(details, "invoice_company_tax");
    return {
      label: INVOICE_TYPE_LABEL[3],
      fields: [
        ...(company ? [{ label: "公司名稱", value: company }] : []),
        ...(tax ? [{ label: "統一編號", value: tax }] : []),
      ],
    };
  }
  return undefined;
}

/** The issued e-invoice's facts added to the invoice choice's; `orderEnded` when its order ended (取消訂單, 交易中斷). */
function withIssued(invoice: OrderInvoice, issued: IssuedInvoice, orderEnded: boolean): OrderInvoice {
  const label = invoiceStateLabel(issued.state);
  return {
    ...invoice,
    ...(label ? { status: { label, note: invoiceStateNote(issued.state, orderEnded) } } : {}),
    ...(issued.number ? { number: issued.number } : {}),
    ...(issued.issued_at ? { issuedAt: issued.issued_at } : {}),
  };
}

/**
 * The order's details, with its e-invoice (`issued`, null before payment or for an order that needs none);
 * `orderStatus` (SPEC §4) tells whether the order ended, which changes what the note of an invoice still waiting says.
 */
export function readOrderDetails(
  details: Record<string, unknown>,
  issued?: IssuedInvoice | null,
  orderStatus?: number,
): OrderDetailsView {
  const receiver = receiverOf(details);
  const choice = invoiceOf(details);
  const ended = orderStatus !== undefined && isEnded(orderStatus);
  const invoice = choice && issued ? withIssued(choice, issued, ended) : choice;
  return { ...(receiver ? { receiver } : {}), ...(invoice ? { invoice } : {}) };
}
