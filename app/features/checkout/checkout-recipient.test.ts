import { describe, expect, it } from "vitest";
import { defaultTempOrder } from "./checkout";
import {
  defaultFirst,
  draftWithRecipient,
  isSavedAlready,
  recipientOfDraft,
  type SavedRecipient,
} from "./checkout-recipient";

const home: SavedRecipient = {
  id: 1,
  name: "林靜宜",
  cellphone: "0912345678",
  area_type: 0,
  country: "台灣",
  city: "臺北市",
  area: "中正區",
  address: "重慶南路一段 1 號",
  area_code: "02",
  tel_type: "公司",
  tel: "23456789",
  is_default: false,
};
const tokyo: SavedRecipient = {
  id: 2,
  name: "陳思妤",
  cellphone: "+819012345678",
  area_type: 1,
  country: "日本",
  address: "東京都新宿区西新宿 2-8-1",
  is_default: true,
};

describe("saved recipients at checkout", () => {
  it("fill the receiver, address and phone in one go, keeping the rest of the draft", () => {
    const draft = { ...defaultTempOrder(0), member_name: "林靜宜", invoice_type: 3 as const };
    expect(draftWithRecipient(draft, home)).toMatchObject({
      member_name: "林靜宜",
      invoice_type: 3,
      receiver: "林靜宜",
      area_type: 0,
      city: "臺北市",
      area: "中正區",
      tel_type: "公司",
      tel: "23456789",
      country: "台灣",
    });
    expect(draftWithRecipient(draft, tokyo)).toMatchObject({ area_type: 1, country: "日本", receiver: "陳思妤" });
  });

  it("turn back into the body that saves them, domestic with city and phone, overseas without", () => {
    const domestic = draftWithRecipient(defaultTempOrder(0), home);
    const { id: _id, ...saved } = home;
    expect(recipientOfDraft(domestic, true)).toEqual({ ...saved, is_default: true });
    const overseas = recipientOfDraft(draftWithRecipient(defaultTempOrder(0), tokyo), false);
    expect(overseas).toEqual({
      name: "陳思妤",
      cellphone: "+819012345678",
      area_type: 1,
      country: "日本",
      address: "東京都新宿区西新宿 2-8-1",
      is_default: false,
    });
  });

  it("know when the receiver is one already saved", () => {
    const draft = draftWithRecipient(defaultTempOrder(0), home);
    expect(isSavedAlready(draft, [tokyo, home])).toBe(true);
    expect(isSavedAlready({ ...draft, address: "重慶南路一段 2 號" }, [tokyo, home])).toBe(false);
  });

  it("leave an empty landline out of the body (it is optional beside a 手機), and tell it from one with a landline", () => {
    const { area_code: _a, tel: _t, ...mobileOnly } = home;
    const draft = draftWithRecipient(defaultTempOrder(0), { ...mobileOnly, id: 3 });
    expect(draft).toMatchObject({ area_code: "", tel: "" });
    const body = recipientOfDraft(draft, false);
    expect(body).not.toHaveProperty("area_code");
    expect(body).not.toHaveProperty("tel");
    expect(body).toMatchObject({ city: "臺北市", area: "中正區", tel_type: "公司", cellphone: "0912345678" });
    expect(isSavedAlready(draft, [{ ...mobileOnly, id: 3 }])).toBe(true);
    // The same receiver saved with a landline is another recipient, and so is this one with a landline added.
    expect(isSavedAlready(draft, [home])).toBe(false);
    expect(isSavedAlready({ ...draft, area_code: "02", tel: "23456789" }, [{ ...mobileOnly, id: 3 }])).toBe(false);
  });

  it("list the default first", () => {
    expect(defaultFirst([home, tokyo]).map((r) => r.id)).toEqual([2, 1]);
  });
});
