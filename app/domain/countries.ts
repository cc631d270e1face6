// SPEC §3 country list (249, from ISO 3166-1 and CLDR; see data/countries.json). The picker shows
// 'Traditional name - English name' and its value is the Traditional name.
import data from "./data/countries.json";

export interface Country {
  name_en: string;
  alpha2: string;
  alpha3: string;
  numeric: string;
  name_zh_hant: string;
  name_zh_hans: string;
}

export const DEFAULT_COUNTRY = "台灣";

/** Taiwan first, then the rest in Traditional-Chinese order. */
export const COUNTRIES: readonly Country[] = [...(data.countries as Country[])].sort((a, b) =>
  a.name_zh_hant === DEFAULT_COUNTRY
    ? -1
    : b.name_zh_hant === DEFAULT_COUNTRY
      ? 1
      : a.name_zh_hant.localeCompare(b.name_zh_hant, "zh-Hant-TW"),
);

export const countryLabel = (country: Country) => `${country.name_zh_hant} - ${country.name_en}`;

export const isKnownCountry = (value: string) => COUNTRIES.some((c) => c.name_zh_hant === value);
