// 收件資訊 of a physical order: a saved recipient fills it in one click; domestic addresses take 縣市 → 鄉鎮市區 (with
// the postal code), address and a landline, which is optional beside the 手機; overseas ones a country (not 台灣) and
// address. 「儲存為常用收件人」 saves it when the order is placed.
import { useId } from "react";
import { FormField } from "~/components/form-field";
import { DEFAULT_COUNTRY } from "~/domain/countries";
import { filterCellphone } from "~/domain/input-filters";
import { CountrySelect, LANDLINE_NOTE, PhoneFields, TaiwanDistrictFields } from "~/features/account/address-fields";
import {
  districtValue,
  RECIPIENT_ADDRESS_MAX_LENGTH,
  RECIPIENT_NAME_MAX_LENGTH,
  readDistrictValue,
} from "~/features/account/recipient-fields";
import type { TempOrder } from "~/features/checkout/checkout";
import type { CheckoutProblems } from "~/features/checkout/checkout-draft";
import { defaultFirst, type SavedRecipient } from "~/features/checkout/checkout-recipient";
import { ChoiceGroup } from "./choice-group";
import { SECTION_CLASS, SECTION_LEGEND_CLASS } from "./form-section";

/** A member keeps at most this many recipients (the API refuses more). */
const RECIPIENTS_MAX = 10;

interface ReceiverFieldsetProps {
  draft: TempOrder;
  change: (patch: Partial<TempOrder>) => void;
  errors: CheckoutProblems;
  recipients: readonly SavedRecipient[] | null;
  onPickRecipient: (recipient: SavedRecipient) => void;
  saveRecipient: boolean;
  onSaveRecipient: (save: boolean) => void;
}

function recipientSummary(r: SavedRecipient): string {
  const place = r.area_type === 0 ? `${r.city ?? ""}${r.area ?? ""}${r.address}` : `${r.country} ${r.address}`;
  return `${r.name}｜${r.cellphone}｜${place}`;
}

export function ReceiverFieldset(props: ReceiverFieldsetProps) {
  const { draft, change, errors, recipients, onPickRecipient, saveRecipient, onSaveRecipient } = props;
  const domestic = draft.area_type === 0;
  const full = (recipients?.length ?? 0) >= RECIPIENTS_MAX;
  const landlineNoteId = useId();
  return (
    <fieldset className={SECTION_CLASS}>
      <legend className={SECTION_LEGEND_CLASS}>收件資訊</legend>
      {recipients && recipients.length > 0 && (
        <div className="grid gap-2">
          <h3 id="saved-recipients-title" className="m-0 text-base font-medium">
            常用收件人
          </h3>
          <ul aria-labelledby="saved-recipients-title" className="m-0 p-0 list-none grid gap-2">
            {defaultFirst(recipients).map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className="btn-outline w-full h-auto min-h-control py-2 justify-start text-left"
                  onClick={() => onPickRecipient(r)}
                >
                  <span className="min-w-0">
                    {r.is_default && <span className="font-bold">［預設］</span>}
                    {recipientSummary(r)}
                  </span>
                  <span className="sr-only">，填入此收件人</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2 items-start">
        <FormField
          label="收件人"
          name="receiver"
          autoComplete="shipping name"
          required
          maxLength={RECIPIENT_NAME_MAX_LENGTH}
          value={draft.receiver}
          onChange={(e) => change({ receiver: e.target.value })}
          error={errors.receiver}
        />
        <FormField
          label="手機"
          name="cellphone"
          type="tel"
          inputMode="tel"
          autoComplete="shipping tel"
          required
          value={draft.cellphone}
          onChange={(e) => change({ cellphone: filterCellphone(e.target.value) })}
          hint="海外號碼請以 + 加國碼開頭"
          error={errors.cellphone}
        />
      </div>
      <ChoiceGroup
        legend="寄送地區"
        name="area_type"
        inline
        options={[
          { value: 0 as const, label: "國內（台灣）" },
          { value: 1 as const, label: "海外" },
        ]}
        value={draft.area_type}
        onChange={(areaType) =>
          change({
            area_type: areaType,
            // A domestic order's country is 台灣; the overseas picker does not offer it.
            country: areaType === 0 ? DEFAULT_COUNTRY : draft.country === DEFAULT_COUNTRY ? "" : draft.country,
          })
        }
        error={errors.area_type}
      />
      {domestic ? (
        <div className="grid gap-4 md:grid-cols-3 items-start">
          <TaiwanDistrictFields
            city={draft.city}
            area={draft.area ? districtValue(draft.city, draft.area) : ""}
            onCity={(city) => change({ city, area: "" })}
            onArea={(value) => change({ area: readDistrictValue(value, draft.city).district })}
            errors={errors}
            required
          />
        </div>
      ) : (
        <CountrySelect
          required
          className="w-full min-w-0"
          exclude={DEFAULT_COUNTRY}
          value={draft.country}
          onChange={(e) => change({ country: e.target.value })}
          error={errors.country}
        />
      )}
      <FormField
        label="地址"
        name="address"
        autoComplete={domestic ? "shipping address-line1" : "shipping street-address"}
        required
        maxLength={RECIPIENT_ADDRESS_MAX_LENGTH}
        value={draft.address}
        onChange={(e) => change({ address: e.target.value })}
        hint={domestic ? "路名、巷弄、門牌、樓層" : "請以當地格式填寫完整地址（含郵遞區號）"}
        error={errors.address}
      />
      {domestic && (
        <fieldset className="border-0 m-0 p-0 grid gap-2 min-w-0">
          <legend className="font-medium p-0 mb-1">市內電話</legend>
          <p id={landlineNoteId} className="m-0 text-sm text-ink-muted">
            {LANDLINE_NOTE}
          </p>
          {/* 電話類型 and 區碼 are short; 電話 (with an extension) takes the rest. */}
          <div className="grid gap-4 items-start md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)]">
            <PhoneFields
              telType={draft.tel_type}
              onTelType={(telType) => change({ tel_type: telType as TempOrder["tel_type"] })}
              areaCode={draft.area_code}
              onAreaCode={(areaCode) => change({ area_code: areaCode })}
              tel={draft.tel}
              onTel={(tel) => change({ tel })}
              errors={errors}
              describedBy={landlineNoteId}
            />
          </div>
        </fieldset>
      )}
      <div className="grid gap-1">
        <label className="flex items-center gap-2 cursor-pointer min-h-control-sm">
          <input
            type="checkbox"
            name="save_recipient"
            checked={saveRecipient && !full}
            disabled={full}
            aria-describedby={full ? "save-recipient-full" : undefined}
            onChange={(e) => onSaveRecipient(e.target.checked)}
            className="h-5 w-5 accent-[var(--c-primary)]"
          />
          儲存為常用收件人
        </label>
        {full && (
          <p id="save-recipient-full" className="m-0 text-sm text-ink-muted">
            常用收件人已達 {RECIPIENTS_MAX} 位，請先至會員中心刪除後再儲存。
          </p>
        )}
      </div>
    </fieldset>
  );
}
