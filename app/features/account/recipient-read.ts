// A saved recipient's fields as a posted form holds them, tidied: the action reads them, the browser's check reads
// them (recipient-values.ts), and the page's clientAction shows them again when the connection lost the form. Apart
// from recipient-values.ts because that one brings the postal and country data, which the page itself must not load.
import { tidyText } from "~/domain/plain-text";
import type { RecipientValues } from "~/features/account/recipient-fields";
import { formText } from "~/lib/field-errors";

export function readRecipient(form: FormData): RecipientValues {
  const text = (name: string) => tidyText(formText(form, name));
  return {
    name: text("name"),
    cellphone: text("cellphone"),
    area_type: text("area_type"),
    city: text("city"),
    area: text("area"),
    country: text("country"),
    address: text("address"),
    tel_type: text("tel_type"),
    area_code: text("area_code"),
    tel: text("tel"),
    is_default: form.get("is_default") === "1",
  };
}
