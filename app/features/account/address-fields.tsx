// The address fields the saved recipients and the checkout share: 縣市 → 鄉鎮市區 with its postal code, the SPEC §3
// country picker, and the domestic phone (tel type, area code, tel) with SPEC §5's typing filters. The callers wrap
// them in their own fieldsets and hold the values.
import { type ChangeEvent, type SelectHTMLAttributes, useId } from "react";
import { FormField, type FormFieldProps } from "~/components/form-field";
import { FormSelect } from "~/components/form-select";
import { COUNTRIES, countryLabel } from "~/domain/countries";
import { filterDigits, filterTel } from "~/domain/input-filters";
import { districtsOf, postalCodeOf, TAIWAN_CITIES } from "~/domain/tw-postal";
import { districtValue, readDistrictValue } from "~/features/account/recipient-fields";
import { TEL_TYPES } from "~/features/checkout/checkout";

interface TaiwanDistrictFieldsProps {
  city: string;
  /** The district option's value (districtValue: city and district), or "". */
  area: string;
  /** A new city clears the district. */
  onCity: (city: string) => void;
  onArea: (area: string) => void;
  errors: { city?: string; area?: string };
  /** Before hydration: every district grouped by city (each option names its city and code), not only the city's. */
  listAll?: boolean;
  /** Mark both selects required (aria-required, and the label's mark within <MarkRequired>). */
  required?: boolean;
}

/** 縣市, 鄉鎮市區 and the postal code of the chosen district (read out when it changes). */
export function TaiwanDistrictFields({
  city,
  area,
  onCity,
  onArea,
  errors,
  listAll = false,
  required,
}: TaiwanDistrictFieldsProps) {
  const postalLabelId = useId();
  const chosen = readDistrictValue(area, city);
  const postalCode = postalCodeOf(chosen.city, chosen.district);
  // What the two selects share: each fills its grid cell and may shrink with it.
  const cell = (name: "city" | "area", value: string, onValue: (value: string) => void) => ({
    name,
    required,
    className: "w-full min-w-0",
    value,
    onChange: (e: ChangeEvent<HTMLSelectElement>) => onValue(e.target.value),
    error: errors[name],
  });
  return (
    <>
      <FormSelect label="縣市" autoComplete="address-level1" {...cell("city", city, onCity)}>
        <option value="">請選擇縣市</option>
        {TAIWAN_CITIES.map((c) => (
          <option key={c.name} value={c.name}>
            {c.name}
          </option>
        ))}
      </FormSelect>
      <FormSelect label="鄉鎮市區" autoComplete="address-level2" {...cell("area", area, onArea)}>
        <option value="">請選擇鄉鎮市區</option>
        {listAll
          ? TAIWAN_CITIES.map((c) => (
              <optgroup key={c.name} label={c.name}>
                {c.districts.map((d) => (
                  <option key={d.name} value={districtValue(c.name, d.name)}>
                    {`${d.postal_code} ${c.name}${d.name}`}
                  </option>
                ))}
              </optgroup>
            ))
          : districtsOf(city).map((d) => (
              <option key={d.name} value={districtValue(city, d.name)}>
                {d.name}
              </option>
            ))}
      </FormSelect>
      <div className="grid gap-1 content-start">
        <span className="font-medium" id={postalLabelId}>
          郵遞區號
        </span>
        {/* Read out whole when it changes ("郵遞區號 110", not a bare number): a live region's name is not read. */}
        <output
          aria-labelledby={postalLabelId}
          aria-live="polite"
          aria-atomic="true"
          className="h-control flex items-center px-3 border border-line bg-page text-ink"
        >
          {postalCode && <span className="sr-only">郵遞區號 </span>}
          <span data-testid="postal-code">{postalCode}</span>
        </output>
      </div>
    </>
  );
}

interface CountrySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "children" | "name"> {
  error?: string;
  /** A country not to offer (the checkout's overseas picker leaves out 台灣). */
  exclude?: string;
}

/** The SPEC §3 country picker: 'Traditional name - English name', the value the Traditional name. */
export function CountrySelect({ error, exclude, ...select }: CountrySelectProps) {
  return (
    <FormSelect label="國家" name="country" autoComplete="country-name" error={error} {...select}>
      <option value="">請選擇國家</option>
      {COUNTRIES.filter((c) => c.name_zh_hant !== exclude).map((c) => (
        <option key={c.alpha2} value={c.name_zh_hant}>
          {countryLabel(c)}
        </option>
      ))}
    </FormSelect>
  );
}

/** The note beside a landline: it may be left empty (the 手機 is asked for), and a landline needs both parts. */
export const LANDLINE_NOTE = "選填；要填請填區碼與電話。";

interface PhoneFieldsProps {
  telType: string;
  onTelType: (telType: string) => void;
  areaCode: string;
  onAreaCode: (areaCode: string) => void;
  tel: string;
  onTel: (tel: string) => void;
  errors: { tel_type?: string; area_code?: string; tel?: string };
  /** Id of a note that describes 區碼 and 電話 (e.g. when they may be left empty). */
  describedBy?: string;
}

/** What 區碼 and 電話 do not share: the rest (required or not, the note, the width) is the same for both. */
type LandlineField = Pick<FormFieldProps, "label" | "name" | "type" | "inputMode" | "hint"> & {
  /** SPEC §5's typing filter; it never cuts to length (input-filters.ts), the field's check says what is too long. */
  filter: (value: string) => string;
};

/** 區碼: digits. */
const AREA_CODE_FIELD: LandlineField = {
  label: "區碼",
  name: "area_code",
  inputMode: "numeric",
  hint: "例：02",
  filter: filterDigits,
};

/** 電話: digits, optionally # and an extension. */
const TEL_FIELD: LandlineField = {
  label: "電話",
  name: "tel",
  type: "tel",
  inputMode: "tel",
  hint: "5 到 8 位數字，分機以 # 接在後面",
  filter: filterTel,
};

/**
 * 電話類型 (市話, 住家, 公司), 區碼 (digits) and 電話 (digits, optionally # and an extension). Each control fills its
 * grid cell and may shrink with it, so a narrow row never pushes one under the next.
 */
export function PhoneFields(props: PhoneFieldsProps) {
  const { telType, onTelType, areaCode, onAreaCode, tel, onTel, errors, describedBy } = props;
  const landline = (
    { filter, ...field }: LandlineField,
    value: string,
    onValue: (value: string) => void,
    error?: string,
  ) => (
    <FormField
      {...field}
      describedBy={describedBy}
      className="w-full min-w-0"
      value={value}
      onChange={(e) => onValue(filter(e.target.value))}
      error={error}
    />
  );
  return (
    <>
      <FormSelect
        label="電話類型"
        name="tel_type"
        className="w-full min-w-0"
        value={telType}
        onChange={(e) => onTelType(e.target.value)}
        error={errors.tel_type}
      >
        {TEL_TYPES.map((t) => (
          <option key={t} value={t}>
            {t}
          </option>
        ))}
      </FormSelect>
      {landline(AREA_CODE_FIELD, areaCode, onAreaCode, errors.area_code)}
      {landline(TEL_FIELD, tel, onTel, errors.tel)}
    </>
  );
}
