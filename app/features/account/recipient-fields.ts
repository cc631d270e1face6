// A saved recipient's fields as the form sends them, and the checks the page runs before the API does. The messages
// are written once here (ADDRESS_MESSAGES) for the page and the API (worker/api/address-rules.ts); the city and
// district check is tw-postal's, shared with the API.
import { DEFAULT_COUNTRY, isKnownCountry } from "../../domain/countries";
import { DISTRICT_MISSING, DISTRICT_NOT_IN_CITY, findCity, taiwanAddressProblem } from "../../domain/tw-postal";
import { isTel } from "../checkout/invoice";
import { CELLPHONE_MAX_DIGITS, CELLPHONE_MIN_DIGITS } from "./member-fields";

/** A recipient's fields after the name, as the saved recipients' form and the checkout's receiver ask for them. */
export const ADDRESS_FIELDS = [
  "cellphone",
  "area_type",
  "city",
  "area",
  "country",
  "address",
  "tel_type",
  "area_code",
  "tel",
] as const;
export const RECIPIENT_FIELDS = ["name", ...ADDRESS_FIELDS] as const;
export type RecipientField = (typeof RECIPIENT_FIELDS)[number];

export const RECIPIENT_NAME_MAX_LENGTH = 50;

/** The longest 電話 (with # and its extension) the API keeps (worker/api/routes/checkout.ts, recipients.ts). */
export const TEL_MAX_LENGTH = 20;

/** What the page and the API say about an address's fields (SPEC §5's rules). */
export const ADDRESS_MESSAGES = {
  nameMissing: "請填寫收件人",
  cellphoneMissing: "請填寫手機號碼",
  cellphoneMalformed: "手機號碼格式不正確",
  countryMissing: "請選擇國家",
  countryUnknown: "請從清單中選擇國家",
  countryTaiwanOverseas: "海外地址請選擇台灣以外的國家；寄往台灣請選國內地址",
  addressMissing: "請填寫地址",
  areaCodeMissing: "請填寫電話區碼",
  areaCodeMalformed: "電話區碼格式不正確",
  telMissing: "請填寫電話",
  telMalformed: "電話須為 5 到 8 位數字，分機請以 # 接在後面",
  telTooLong: `電話連分機最多 ${TEL_MAX_LENGTH} 個字`,
} as const;
export const RECIPIENT_ADDRESS_MAX_LENGTH = 200;

/** A district option's value names its city too, so the full list (before JavaScript) stays unambiguous (東區). */
const DISTRICT_SEPARATOR = "/";
export const districtValue = (city: string, district: string) => `${city}${DISTRICT_SEPARATOR}${district}`;

/** The city and district of a district option's value; a bare district name is read as one of the chosen city. */
export function readDistrictValue(value: string, chosenCity: string): { city: string; district: string } {
  const at = value.indexOf(DISTRICT_SEPARATOR);
  return at < 0
    ? { city: chosenCity, district: value }
    : { city: value.slice(0, at), district: value.slice(at + DISTRICT_SEPARATOR.length) };
}

/** A cellphone: an optional leading + and as many digits as the profile's (member-fields.ts). */
const CELLPHONE_SHAPE = new RegExp(`^\\+?\\d{${CELLPHONE_MIN_DIGITS},${CELLPHONE_MAX_DIGITS}}$`);
export const isCellphone = (value: string) => CELLPHONE_SHAPE.test(value);
export const isAreaCode = (value: string) => /^\d{2,4}$/.test(value);

export interface LandlineValues {
  area_code: string;
  tel: string;
}

/**
 * What is wrong with a domestic landline (區碼 and 電話): none when it is left empty, as the 手機 is always asked for
 * (SPEC §5: a physical order carries the cellphone) and many readers have no landline; otherwise both parts are asked
 * for (a 區碼 alone or a number without its 區碼 reaches no one) and each must be well formed (SPEC §5's tel rule).
 * One rule for the checkout form, the saved recipients and the built-in API.
 */
export function landlineProblems(v: LandlineValues): { area_code?: string; tel?: string } {
  const areaCode = v.area_code.trim();
  const tel = v.tel.trim();
  if (!areaCode && !tel) return {};
  const problems: { area_code?: string; tel?: string } = {};
  if (!areaCode) problems.area_code = ADDRESS_MESSAGES.areaCodeMissing;
  else if (!isAreaCode(areaCode)) problems.area_code = ADDRESS_MESSAGES.areaCodeMalformed;
  if (!tel) problems.tel = ADDRESS_MESSAGES.telMissing;
  else if (!isTel(tel)) problems.tel = ADDRESS_MESSAGES.telMalformed;
  else if (tel.length > TEL_MAX_LENGTH) problems.tel = ADDRESS_MESSAGES.telTooLong;
  return problems;
}

export interface RecipientValues {
  name: string;
  cellphone: string;
  /** "0" domestic, "1" overseas, as the form sends it. */
  area_type: string;
  city: string;
  /** The district option's value (see districtValue). */
  area: string;
  country: string;
  address: string;
  tel_type: string;
  area_code: string;
  tel: string;
  is_default: boolean;
}

/** What is wrong with each field, in the form's order; only the fields that apply to the address type. */
export function recipientProblems(v: RecipientValues): Partial<Record<RecipientField, string>> {
  const problems: Partial<Record<RecipientField, string>> = {};
  if (!v.name) problems.name = ADDRESS_MESSAGES.nameMissing;
  if (!v.cellphone) problems.cellphone = ADDRESS_MESSAGES.cellphoneMissing;
  else if (!isCellphone(v.cellphone)) problems.cellphone = ADDRESS_MESSAGES.cellphoneMalformed;
  if (v.area_type !== "0" && v.area_type !== "1") problems.area_type = "請選擇國內或海外地址";
  if (v.area_type === "0") {
    // The city select's problem is the city's; anything about the district (or a district of another city) the area's.
    const { city, district } = readDistrictValue(v.area, v.city);
    const cityProblem = taiwanAddressProblem(v.city, "x");
    if (cityProblem && cityProblem !== DISTRICT_NOT_IN_CITY) {
      problems.city = cityProblem;
      // A missing district is said in the same round as the city, not only once a city is chosen.
      if (!district.trim()) problems.area = DISTRICT_MISSING;
    } else if (findCity(city) !== findCity(v.city)) problems.area = DISTRICT_NOT_IN_CITY;
    else problems.area = taiwanAddressProblem(v.city, district) ?? undefined;
  }
  if (v.area_type === "1") {
    if (!v.country) problems.country = ADDRESS_MESSAGES.countryMissing;
    else if (!isKnownCountry(v.country)) problems.country = ADDRESS_MESSAGES.countryUnknown;
    else if (v.country === DEFAULT_COUNTRY) problems.country = ADDRESS_MESSAGES.countryTaiwanOverseas;
  }
  if (!v.address) problems.address = ADDRESS_MESSAGES.addressMissing;
  if (v.area_type === "0") {
    if (!v.tel_type) problems.tel_type = "請選擇電話類型";
    Object.assign(problems, landlineProblems(v));
  }
  for (const field of RECIPIENT_FIELDS) if (!problems[field]) delete problems[field];
  return problems;
}

/** Which field an API refusal is about, from its message (the API answers one message per refusal). */
export function fieldOfApiMessage(message: string): RecipientField | undefined {
  const fields: [RegExp, RecipientField][] = [
    [/^請填寫收件人|^收件人 /, "name"],
    [/手機/, "cellphone"],
    [/鄉鎮市區/, "area"],
    [/縣市/, "city"],
    [/國家/, "country"],
    [/地址/, "address"],
    [/電話類型/, "tel_type"],
    [/區碼/, "area_code"],
    [/電話/, "tel"],
  ];
  if (/最多只能儲存/.test(message)) return undefined;
  return fields.find(([pattern]) => pattern.test(message))?.[1];
}
