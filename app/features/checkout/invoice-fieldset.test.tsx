// The invoice fields keep a pasted value whole: cut to the field's length, 0459525799 would be 04595257, another
// company's valid 統一編號, sent without a word. The whole value stays and the draft's check says it is too long.
// (The browser suite pastes into the real form; this holds each field's change handler to it.)
import { isValidElement, type ReactElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { defaultTempOrder, type TempOrder } from "./checkout";
import { invoiceProblems } from "./checkout-draft";
import { InvoiceFieldset } from "./invoice-fieldset";

type FieldProps = { name?: string; maxLength?: number; onChange?: (e: { target: { value: string } }) => void };

/** The element named `name` in the fieldset's tree (the fieldset is rendered one level: its children are elements). */
function findField(node: ReactNode, name: string): ReactElement<FieldProps> | undefined {
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = findField(child, name);
      if (found) return found;
    }
    return undefined;
  }
  if (!isValidElement<FieldProps & { children?: ReactNode }>(node)) return undefined;
  if (node.props.name === name) return node;
  return findField(node.props.children, name);
}

/** What `draft` becomes when `value` is pasted into its field `name`, and the field as rendered. */
function paste(draft: TempOrder, name: keyof TempOrder, value: string) {
  let patch: Partial<TempOrder> = {};
  const tree = InvoiceFieldset({ draft, change: (p) => Object.assign(patch, p), errors: {} });
  const field = findField(tree, name);
  if (!field?.props.onChange) throw new Error(`no field ${name}`);
  patch = {};
  field.props.onChange({ target: { value } });
  return { field, next: { ...draft, ...patch } };
}

const company: TempOrder = { ...defaultTempOrder(0), invoice_type: 3, invoice_company: "人間出版社" };
const carrier = (type: 2 | 3): TempOrder => ({ ...defaultTempOrder(0), invoice_type: 2, invoice_carrier_type: type });

describe("a pasted invoice value that is too long", () => {
  it("keeps all of a 統一編號 and says it is not 8 digits", () => {
    const { field, next } = paste(company, "invoice_company_tax", "0459525799");
    expect(field.props.maxLength).toBeUndefined();
    expect(next.invoice_company_tax).toBe("0459525799");
    expect(invoiceProblems(next).invoice_company_tax).toBe("統一編號須為 8 位數字");
    // Full-width digits are the same digits, and still all of them.
    expect(paste(company, "invoice_company_tax", "０４５９５２５７９９").next.invoice_company_tax).toBe("0459525799");
  });

  it("keeps all of a 手機條碼 and says it is not / and 7 characters", () => {
    const { field, next } = paste(carrier(2), "invoice_carrier_mobile", "/abc12345");
    expect(field.props.maxLength).toBeUndefined();
    expect(next.invoice_carrier_mobile).toBe("/ABC12345");
    expect(invoiceProblems(next).invoice_carrier_mobile).toBe("手機條碼須為 / 加上 7 碼英數字（大寫）或 . - +");
  });

  it("keeps all of a 自然人憑證條碼 and says it is not 2 letters and 14 digits", () => {
    const { field, next } = paste(carrier(3), "invoice_carrier_card", "AB123456789012345");
    expect(field.props.maxLength).toBeUndefined();
    expect(next.invoice_carrier_card).toBe("AB123456789012345");
    expect(invoiceProblems(next).invoice_carrier_card).toBe("自然人憑證條碼須為 2 個大寫英文字母加 14 位數字");
  });

  it("is not what a value of the right length becomes: that one is taken as it is", () => {
    expect(paste(company, "invoice_company_tax", " 1045 8574 ").next.invoice_company_tax).toBe("10458574");
    expect(paste(carrier(2), "invoice_carrier_mobile", "／ab+1234").next.invoice_carrier_mobile).toBe("/AB+1234");
  });
});
