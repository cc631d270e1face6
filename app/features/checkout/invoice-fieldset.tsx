// 發票: 1 捐贈 to one of the two charities, 2 an e-invoice carrier (會員載具, 手機條碼, 自然人憑證), 3 a company's
// invoice (抬頭 and 統一編號). Only the chosen kind's fields show; SPEC §5's checks run as the reader types.
import { FormField } from "~/components/form-field";
import { filterDigits } from "~/domain/input-filters";
import type { TempOrder } from "~/features/checkout/checkout";
import { type CheckoutProblems, COMPANY_NAME_MAX_LENGTH } from "~/features/checkout/checkout-draft";
import { filterCarrierCode } from "~/features/checkout/invoice";
import { DONATION_CHARITIES, INVOICE_CARRIER_LABEL, INVOICE_TYPE_LABEL } from "~/features/orders/invoice-labels";
import { ChoiceGroup } from "./choice-group";
import { SECTION_CLASS, SECTION_LEGEND_CLASS } from "./form-section";

interface InvoiceFieldsetProps {
  draft: TempOrder;
  change: (patch: Partial<TempOrder>) => void;
  errors: CheckoutProblems;
}

const options = <K extends number>(labels: Record<K, string>) =>
  (Object.entries(labels) as [string, string][]).map(([value, label]) => ({ value: Number(value) as K, label }));

export function InvoiceFieldset({ draft, change, errors }: InvoiceFieldsetProps) {
  return (
    <fieldset className={SECTION_CLASS}>
      <legend className={SECTION_LEGEND_CLASS}>發票</legend>
      <ChoiceGroup
        legend="發票類型"
        name="invoice_type"
        inline
        options={options(INVOICE_TYPE_LABEL)}
        value={draft.invoice_type}
        onChange={(invoiceType) => change({ invoice_type: invoiceType })}
        error={errors.invoice_type}
      />
      {draft.invoice_type === 1 && (
        <ChoiceGroup
          legend="捐贈單位"
          name="invoice_donation"
          options={DONATION_CHARITIES.map((c) => ({ value: c.code as string, label: `${c.name}（${c.code}）` }))}
          value={draft.invoice_donation}
          onChange={(code) => change({ invoice_donation: code })}
          error={errors.invoice_donation}
        />
      )}
      {draft.invoice_type === 2 && (
        <>
          <ChoiceGroup
            legend="載具類型"
            name="invoice_carrier_type"
            inline
            options={options(INVOICE_CARRIER_LABEL)}
            value={draft.invoice_carrier_type}
            onChange={(carrier) => change({ invoice_carrier_type: carrier })}
            error={errors.invoice_carrier_type}
          />
          {draft.invoice_carrier_type === 1 && (
            <p className="m-0 text-sm text-ink-muted">電子發票將存入您的會員載具，中獎時以電子郵件通知。</p>
          )}
          {draft.invoice_carrier_type === 2 && (
            <FormField
              label="手機條碼"
              name="invoice_carrier_mobile"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              value={draft.invoice_carrier_mobile}
              onChange={(e) => change({ invoice_carrier_mobile: filterCarrierCode(e.target.value) })}
              hint="/ 加上 7 碼，例：/ABC+123"
              error={errors.invoice_carrier_mobile}
            />
          )}
          {draft.invoice_carrier_type === 3 && (
            <FormField
              label="自然人憑證條碼"
              name="invoice_carrier_card"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              value={draft.invoice_carrier_card}
              onChange={(e) => change({ invoice_carrier_card: filterCarrierCode(e.target.value) })}
              hint="2 個大寫英文字母加 14 位數字"
              error={errors.invoice_carrier_card}
            />
          )}
        </>
      )}
      {draft.invoice_type === 3 && (
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label="公司抬頭"
            name="invoice_company"
            autoComplete="organization"
            required
            maxLength={COMPANY_NAME_MAX_LENGTH}
            value={draft.invoice_company}
            onChange={(e) => change({ invoice_company: e.target.value })}
            error={errors.invoice_company}
          />
          <FormField
            label="統一編號"
            name="invoice_company_tax"
            inputMode="numeric"
            autoComplete="off"
            required
            value={draft.invoice_company_tax}
            onChange={(e) => change({ invoice_company_tax: filterDigits(e.target.value) })}
            hint="8 位數字"
            error={errors.invoice_company_tax}
          />
        </div>
      )}
    </fieldset>
  );
}
