// A saved recipient as the form holds it, both ways: read from a posted form (the action and the browser's check),
// and made from the API's recipient (the edit form's first values), with the official 縣市 and 鄉鎮市區 names.
// Kept out of the page's module: with the postal and country data it is loaded only where the form is.

import { findCity, findDistrict } from "~/domain/tw-postal";
import { districtValue, type RecipientValues, recipientProblems } from "~/features/account/recipient-fields";
import type { components } from "~/lib/api/schema";
import { readRecipient } from "./recipient-read";

export { readRecipient };

type Recipient = components["schemas"]["Recipient"];

/** The posted form's problems, field by field (the action's check, which the browser runs first). */
export const checkRecipient = (form: FormData) => recipientProblems(readRecipient(form));

/** A saved recipient as the form shows it. */
export function recipientValues(r: Recipient): RecipientValues {
  const city = findCity(r.city ?? "")?.name ?? r.city ?? "";
  return {
    name: r.name,
    cellphone: r.cellphone,
    area_type: String(r.area_type),
    city,
    area: r.area ? districtValue(city, findDistrict(city, r.area)?.name ?? r.area) : "",
    country: r.area_type === 1 ? r.country : "",
    address: r.address,
    tel_type: r.tel_type ?? "市話",
    area_code: r.area_code ?? "",
    tel: r.tel ?? "",
    is_default: r.is_default,
  };
}

/** A new recipient: domestic, 市話. */
export const EMPTY_RECIPIENT: RecipientValues = {
  name: "",
  cellphone: "",
  area_type: "0",
  city: "",
  area: "",
  country: "",
  address: "",
  tel_type: "市話",
  area_code: "",
  tel: "",
  is_default: false,
};
