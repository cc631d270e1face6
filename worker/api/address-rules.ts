// SPEC §5's address and phone rules, shared by checkout and saved recipients.
import { DEFAULT_COUNTRY, isKnownCountry } from "~/domain/countries";
import { taiwanAddressProblem } from "~/domain/tw-postal";
import { isCellphone, landlineProblems, ADDRESS_MESSAGES as SAY } from "~/features/account/recipient-fields";
import { invalidInput } from "./envelope";

interface AddressFields {
  name?: string;
  cellphone?: string;
  area_type: 0 | 1;
  country?: string;
  city?: string;
  area?: string;
  address?: string;
  area_code?: string;
  tel?: string;
}

const need = (value: string | undefined, message: string) => {
  if (!value) throw invalidInput(message);
  return value;
};

/**
 * Every physical address carries a name, cellphone, listed country and address; domestic ones a city and district,
 * and a landline only if one is given (recipient-fields.ts landlineProblems, the form's own rule), whole and well formed.
 */
export function checkAddress(fields: AddressFields) {
  need(fields.name, SAY.nameMissing);
  if (!isCellphone(need(fields.cellphone, SAY.cellphoneMissing))) throw invalidInput(SAY.cellphoneMalformed);
  const country = need(fields.country, SAY.countryMissing);
  if (!isKnownCountry(country)) throw invalidInput(SAY.countryUnknown);
  if (fields.area_type === 0 && country !== DEFAULT_COUNTRY) throw invalidInput("國內訂單的國家須為台灣");
  // An address in Taiwan is a domestic one: as overseas it would pay international shipping to a domestic address.
  if (fields.area_type === 1 && country === DEFAULT_COUNTRY) throw invalidInput(SAY.countryTaiwanOverseas);
  need(fields.address, SAY.addressMissing);
  if (fields.area_type === 0) {
    // The city must be one of the 22 and the district one of its own (台 is read as 臺).
    const problem = taiwanAddressProblem(fields.city ?? "", fields.area ?? "");
    if (problem) throw invalidInput(problem);
    const landline = landlineProblems({
      area_code: fields.area_code ?? "",
      tel: fields.tel ?? "",
    });
    const landlineProblem = landline.area_code ?? landline.tel;
    if (landlineProblem) throw invalidInput(landlineProblem);
  }
}
