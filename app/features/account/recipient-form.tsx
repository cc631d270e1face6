// Adding or editing a saved recipient: a plain form post (the route's action), so it works before hydration.
// Domestic: 縣市, then 鄉鎮市區, whose postal code shows beside it; before hydration the district select lists every
// district grouped by city (each option names its city and code), once hydrated only the chosen city's. Overseas:
// the SPEC §3 country picker. Before hydration both address groups show (the chosen type's is sent); once hydrated
// only the chosen type's. The browser checks the action's rules first; every message sits under its field.
// The page loads this module on demand (it holds the postal and country data), so its default export is the form.

import { useEffect, useState } from "react";
import { Form, Link } from "react-router";
import { BusySubmitButton } from "~/components/busy-submit-button";
import { FormAlert } from "~/components/form-alert";
import { FormField } from "~/components/form-field";
import { DEFAULT_COUNTRY } from "~/domain/countries";
import { CountrySelect, LANDLINE_NOTE, PhoneFields, TaiwanDistrictFields } from "~/features/account/address-fields";
import { CellphoneField, NameField } from "~/features/account/member-form-parts";
import {
  RECIPIENT_ADDRESS_MAX_LENGTH,
  RECIPIENT_NAME_MAX_LENGTH,
  type RecipientField,
  type RecipientValues,
} from "~/features/account/recipient-fields";
import { checkRecipient, EMPTY_RECIPIENT, recipientValues } from "~/features/account/recipient-values";
import type { components } from "~/lib/api/schema";
import type { FieldErrors } from "~/lib/field-errors";
import { useIsSubmitting } from "~/lib/form-submission";
import type { RouteFocusState } from "~/lib/route-focus";
import { useFieldErrors } from "~/lib/use-field-errors";

export interface RecipientFormReply {
  values: RecipientValues;
  errors: FieldErrors<RecipientField>;
  formError?: string;
}

export interface RecipientFormProps {
  /** The saved recipient being edited; none to add one. */
  recipient?: components["schemas"]["Recipient"];
  reply: RecipientFormReply | undefined;
  cancelTo: string;
  /** The id of the control that opened the form: 取消 puts focus back on it. */
  openerId: string;
}

export default function RecipientForm({ recipient, reply, cancelTo, openerId }: RecipientFormProps) {
  const id = recipient?.id;
  const { errors, fromServer, formProps } = useFieldErrors(reply, checkRecipient);
  const values = reply?.values ?? (recipient ? recipientValues(recipient) : EMPTY_RECIPIENT);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [areaType, setAreaType] = useState(values.area_type);
  const [city, setCity] = useState(values.city);
  const [area, setArea] = useState(values.area);
  const [cellphone, setCellphone] = useState(values.cellphone);
  const [telType, setTelType] = useState(values.tel_type);
  const [areaCode, setAreaCode] = useState(values.area_code);
  const [tel, setTel] = useState(values.tel);
  const submitting = useIsSubmitting();
  const showDomestic = !hydrated || areaType === "0";
  const showOverseas = !hydrated || areaType === "1";
  const title = id ? "編輯收件人" : "新增收件人";
  return (
    <section aria-labelledby="recipient-form-title" className="border border-line bg-surface p-4 md:p-6 max-w-2xl">
      <h2 id="recipient-form-title" className="text-xl font-bold mt-0">
        {title}
      </h2>
      <FormAlert message={fromServer ? reply?.formError : undefined} fieldErrorCount={Object.keys(errors).length} />
      <Form method="post" className="grid gap-4" {...formProps}>
        <input type="hidden" name="intent" value="save" />
        {id !== undefined && <input type="hidden" name="id" value={id} />}
        <NameField
          label="收件人"
          maxLength={RECIPIENT_NAME_MAX_LENGTH}
          defaultValue={values.name}
          error={errors.name}
        />
        <CellphoneField
          label="手機"
          required
          value={cellphone}
          onValue={setCellphone}
          hint="海外號碼請以 + 加國碼開頭"
          error={errors.cellphone}
        />
        <fieldset
          className="border-0 m-0 p-0 grid gap-1"
          aria-invalid={errors.area_type ? true : undefined}
          aria-describedby={errors.area_type ? "recipient-area-type-message" : undefined}
        >
          <legend className="font-medium mb-1">地址類型</legend>
          <div className="flex gap-6">
            {[
              ["0", "國內地址"],
              ["1", "海外地址"],
            ].map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 min-h-control-sm cursor-pointer">
                <input
                  type="radio"
                  name="area_type"
                  value={value}
                  checked={areaType === value}
                  onChange={() => setAreaType(value as string)}
                  className="h-5 w-5 accent-[var(--c-primary)]"
                />
                {label}
              </label>
            ))}
          </div>
          {errors.area_type && (
            <p id="recipient-area-type-message" className="m-0 text-sm text-error">
              {errors.area_type}
            </p>
          )}
        </fieldset>
        {showDomestic && (
          <fieldset className="border border-line m-0 p-4 grid gap-4 md:grid-cols-3">
            <legend className="font-medium px-1">國內地址{hydrated ? "" : "（選擇國內地址時填寫）"}</legend>
            <TaiwanDistrictFields
              city={city}
              area={area}
              onCity={(value) => {
                setCity(value);
                setArea("");
              }}
              onArea={setArea}
              errors={errors}
              listAll={!hydrated}
            />
          </fieldset>
        )}
        {showOverseas && (
          <fieldset className="border border-line m-0 p-4 grid gap-4">
            <legend className="font-medium px-1">海外地址{hydrated ? "" : "（選擇海外地址時填寫）"}</legend>
            <CountrySelect defaultValue={values.country} exclude={DEFAULT_COUNTRY} error={errors.country} />
          </fieldset>
        )}
        <FormField
          label="地址"
          name="address"
          autoComplete="street-address"
          required
          maxLength={RECIPIENT_ADDRESS_MAX_LENGTH}
          defaultValue={values.address}
          error={errors.address}
        />
        {showDomestic && (
          <fieldset className="border border-line m-0 p-4 grid gap-4 md:grid-cols-3">
            <legend className="font-medium px-1">市內電話{hydrated ? "" : "（國內地址填寫）"}</legend>
            <p id="recipient-landline-note" className="m-0 text-sm text-ink-muted md:col-span-3">
              {LANDLINE_NOTE}
            </p>
            <PhoneFields
              describedBy="recipient-landline-note"
              telType={telType}
              onTelType={setTelType}
              areaCode={areaCode}
              onAreaCode={setAreaCode}
              tel={tel}
              onTel={setTel}
              errors={errors}
            />
          </fieldset>
        )}
        <label className="flex items-center gap-2 cursor-pointer min-h-control-sm">
          <input
            type="checkbox"
            name="is_default"
            value="1"
            defaultChecked={values.is_default}
            className="h-5 w-5 accent-[var(--c-primary)]"
          />
          設為預設收件人
        </label>
        <div className="flex flex-wrap gap-3">
          <BusySubmitButton className="btn-primary" busy={submitting}>
            {submitting ? "儲存中…" : "儲存收件人"}
          </BusySubmitButton>
          <Link
            to={cancelTo}
            state={{ routeFocus: openerId } satisfies RouteFocusState}
            className="btn-outline no-underline"
          >
            取消
          </Link>
        </div>
      </Form>
    </section>
  );
}
