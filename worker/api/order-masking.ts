// What a guest's order search may show of an order's details: nothing that locates or identifies the receiver or
// the buyer's company. Names keep their first and last character, phones their first and last few digits, the
// street address its first two characters, the tax id its first and last digit; city, area, area code and the
// carrier codes are left out. Invoice kinds and the donation target stay (they locate no one).
const MASK = "＊";

const keep = (value: string, head: number, tail: number) => {
  const chars = [...value];
  if (chars.length <= head + tail) return MASK.repeat(Math.max(chars.length, 1));
  return (
    chars.slice(0, head).join("") + MASK.repeat(chars.length - head - tail) + chars.slice(chars.length - tail).join("")
  );
};

const MASKED: Record<string, (value: string) => string> = {
  receiver: (v) => ([...v].length <= 2 ? keep(v, 1, 0) : keep(v, 1, 1)),
  cellphone: (v) => keep(v, 4, 3),
  tel: (v) => keep(v.replace(/#.*$/, ""), 2, 2),
  address: (v) => keep(v, 2, 0),
  invoice_company: (v) => keep(v, 1, 1),
  invoice_company_tax: (v) => keep(v, 1, 1),
};

const SHOWN = new Set(["tel_type", "country", "invoice_type", "invoice_donation", "invoice_carrier_type"]);

/** The invoice number keeps its track letters and last two digits (AB＊＊＊＊＊＊78), like the rest of a guest's view. */
export const maskInvoiceNumber = (number: string) => keep(number, 2, 2);

export function maskOrderDetails(details: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    const mask = MASKED[key];
    if (mask && typeof value === "string" && value) out[key] = mask(value);
    else if (SHOWN.has(key)) out[key] = value;
  }
  return out;
}
