// SPEC §5's address and phone rules, shared by checkout and saved recipients.
import { DEFAULT_COUNTRY, isKnownCountry } from "~/domain/countries";
import { isCellphone, landlineProblems } from "~/domain/recipient-fields";
import { taiwanAddressProblem } from "~/domain/tw-postal";
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
  need(fields.name, "請填寫收件人");
  if (!isCellphone(need(fields.cellphone, "請填寫手機號碼"))) throw invalidInput("手機號碼格式不正確");
  const country = need(fields.country, "請選擇國家");
  if (!isKnownCountry(country)) throw invalidInput("請從清單中選擇國家");
  if (fields.area_type === 0 && country !== DEFAULT_COUNTRY) throw invalidInput("國內訂單的國家須為台灣");
  need(fields.address, "請填寫地址");
  if (fields.area_type === 0) {
    // The city must be one of the 22 and the district one of its own (台 is read as 臺).
    const problem = taiwanAddressProblem(fields.city ?? "", fields.area ?? "");
    if (problem) throw invalidInput(problem);
    const landline = landlineProblems({
      cellphone: fields.cellphone ?? "",
      area_code: fields.area_code ?? "",
      tel: fields.tel ?? "",
    });
    const landlineProblem = landline.area_code ?? landline.tel;
    if (landlineProblem) throw invalidInput(landlineProblem);
  }
}
