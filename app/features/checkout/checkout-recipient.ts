// A saved recipient and the checkout draft's receiver: one click fills the receiver from a saved one, and
// 「儲存為常用收件人」 turns the receiver into a new saved one.

import { DEFAULT_COUNTRY } from "../../domain/countries";
import type { TEL_TYPES, TempOrder } from "./checkout";

type TelType = (typeof TEL_TYPES)[number];

/** A saved recipient as GET /member/recipients lists it (domestic ones carry city, area and phone). */
export interface SavedRecipient {
  id: number;
  name: string;
  cellphone: string;
  area_type: 0 | 1;
  country: string;
  city?: string;
  area?: string;
  address: string;
  area_code?: string;
  tel_type?: TelType;
  tel?: string;
  is_default: boolean;
}

export type RecipientBody = Omit<SavedRecipient, "id">;

/** The draft with its receiver, address and phone taken from `recipient` (the rest as it was). */
export function draftWithRecipient(draft: TempOrder, recipient: SavedRecipient): TempOrder {
  const domestic = recipient.area_type === 0;
  return {
    ...draft,
    receiver: recipient.name,
    cellphone: recipient.cellphone,
    area_type: recipient.area_type,
    country: domestic ? DEFAULT_COUNTRY : recipient.country,
    city: domestic ? (recipient.city ?? "") : draft.city,
    area: domestic ? (recipient.area ?? "") : draft.area,
    address: recipient.address,
    tel_type: domestic && recipient.tel_type ? recipient.tel_type : draft.tel_type,
    area_code: domestic ? (recipient.area_code ?? "") : draft.area_code,
    tel: domestic ? (recipient.tel ?? "") : draft.tel,
  };
}

/** The body that saves the draft's receiver (POST /member/recipients); domestic ones carry city, area and any landline. */
export function recipientOfDraft(draft: TempOrder, isDefault: boolean): RecipientBody {
  const body: RecipientBody = {
    name: draft.receiver.trim(),
    cellphone: draft.cellphone.trim(),
    area_type: draft.area_type,
    country: draft.area_type === 0 ? DEFAULT_COUNTRY : draft.country,
    address: draft.address.trim(),
    is_default: isDefault,
  };
  if (draft.area_type === 0) {
    Object.assign(body, { city: draft.city, area: draft.area, tel_type: draft.tel_type });
    // The landline is optional beside a 手機: an empty one is left out, as the saved recipient leaves it out.
    const areaCode = draft.area_code.trim();
    const tel = draft.tel.trim();
    if (areaCode) body.area_code = areaCode;
    if (tel) body.tel = tel;
  }
  return body;
}

/** Whether `recipient` already holds the draft's receiver (so saving it again would only make a copy). */
export function isSavedAlready(draft: TempOrder, recipients: readonly SavedRecipient[]): boolean {
  const wanted = recipientOfDraft(draft, false);
  const keys = Object.keys(wanted).filter((key) => key !== "is_default") as (keyof RecipientBody)[];
  // A domestic one's landline is compared even when left out (absent on either side is none).
  if (wanted.area_type === 0) keys.push(...(["area_code", "tel"] as const).filter((key) => !keys.includes(key)));
  return recipients.some((r) => keys.every((key) => (r[key] ?? "") === (wanted[key] ?? "")));
}

/** The saved recipients with the default first, the rest in their order. */
export function defaultFirst<T extends { is_default: boolean }>(recipients: readonly T[]): T[] {
  return [...recipients.filter((r) => r.is_default), ...recipients.filter((r) => !r.is_default)];
}
