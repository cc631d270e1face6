// Saved recipients (the guest order search, which shows them masked, is in order-search.spec.ts).

import { API as api, registerMember } from "../support/fixtures";
import { expectMatchesContract, expectMatchesSchema } from "../support/openapi";
import { expect, test } from "../support/test";

const home = {
  name: "林靜宜",
  cellphone: "0912345678",
  area_type: 0,
  country: "台灣",
  city: "臺北市",
  area: "中正區",
  address: "重慶南路一段 1 號",
  area_code: "02",
  tel_type: "住家",
  tel: "23456789",
  is_default: true,
};
const abroad = {
  name: "林靜宜",
  cellphone: "+819012345678",
  area_type: 1,
  country: "日本",
  address: "東京都港區芝公園 4-2-8",
  is_default: false,
};

test("recipients: create, list (default first), update, delete", async ({ request }) => {
  const { headers } = await registerMember(request);
  const created = await request.post(`${api}/member/recipients`, { headers, data: abroad });
  const createdBody = await created.json();
  expectMatchesContract("/member/recipients", "post", created.status(), createdBody);
  const second = (await (await request.post(`${api}/member/recipients`, { headers, data: home })).json()).data;

  const list = await request.get(`${api}/member/recipients`, { headers });
  const listBody = await list.json();
  expectMatchesContract("/member/recipients", "get", 200, listBody);
  expect(listBody.data.map((r: { id: number }) => r.id)).toEqual([second.id, createdBody.data.id]);
  expect(listBody.data[1]).not.toHaveProperty("city");

  const updated = await request.put(`${api}/member/recipients/${createdBody.data.id}`, {
    headers,
    data: { ...abroad, address: "京都府京都市東山區", is_default: true },
  });
  const updatedBody = await updated.json();
  expectMatchesContract("/member/recipients/{id}", "put", 200, updatedBody);
  const after = (await (await request.get(`${api}/member/recipients`, { headers })).json()).data;
  expect(after.filter((r: { is_default: boolean }) => r.is_default).map((r: { id: number }) => r.id)).toEqual([
    createdBody.data.id,
  ]);

  const deleted = await request.delete(`${api}/member/recipients/${second.id}`, { headers });
  expectMatchesContract("/member/recipients/{id}", "delete", 200, await deleted.json());
  expect((await (await request.get(`${api}/member/recipients`, { headers })).json()).data).toHaveLength(1);
});

test("a bidirectional control or a lone surrogate is refused as a control character, like NUL, and nothing is saved", async ({
  request,
}) => {
  const { headers } = await registerMember(request);
  for (const [field, value, message] of [
    ["name", "林\u202e宜靜", "收件人 不能含有換行或控制字元"],
    ["name", "林\u2066靜宜\u2069", "收件人 不能含有換行或控制字元"],
    ["address", "重慶南路\ud800一段 1 號", "地址 不能含有換行或控制字元"],
    ["address", "重慶南路\u0000一段 1 號", "地址 不能含有換行或控制字元"],
  ] as const) {
    const res = await request.post(`${api}/member/recipients`, { headers, data: { ...home, [field]: value } });
    const body = await res.json();
    expectMatchesContract("/member/recipients", "post", res.status(), body);
    expect(res.status(), JSON.stringify(value)).toBe(400);
    expect(body, JSON.stringify(value)).toEqual({ code: 2, message });
  }
  expect((await (await request.get(`${api}/member/recipients`, { headers })).json()).data).toEqual([]);
});

test("another member's recipient cannot be changed, and their default stays", async ({
  request,
  playwright,
  baseURL,
}) => {
  const owner = await playwright.request.newContext({ baseURL });
  try {
    const { headers: ownerHeaders } = await registerMember(owner);
    const theirs = (await (await owner.post(`${api}/member/recipients`, { headers: ownerHeaders, data: home })).json())
      .data;
    const { headers } = await registerMember(request);
    const put = await request.put(`${api}/member/recipients/${theirs.id}`, { headers, data: home });
    expect(put.status()).toBe(404);
    expect((await request.delete(`${api}/member/recipients/${theirs.id}`, { headers })).status()).toBe(404);
    const still = (await (await owner.get(`${api}/member/recipients`, { headers: ownerHeaders })).json()).data;
    expect(still).toEqual([expect.objectContaining({ id: theirs.id, is_default: true })]);
  } finally {
    await owner.dispose();
  }
});

test("a domestic recipient with only a 手機: the landline is optional, left empty or out, and read back without one", async ({
  request,
}) => {
  const { headers } = await registerMember(request);
  for (const data of [
    { ...home, area_code: "", tel: "" },
    { ...home, area_code: undefined, tel: undefined },
  ]) {
    expectMatchesSchema("RecipientInput", JSON.parse(JSON.stringify(data)));
    const res = await request.post(`${api}/member/recipients`, { headers, data });
    const body = await res.json();
    expectMatchesContract("/member/recipients", "post", res.status(), body);
    expect(body.code, body.message).toBe(1);
    expect(body.data).toMatchObject({ city: "臺北市", area: "中正區", tel_type: "住家" });
    expect(body.data).not.toHaveProperty("tel");
    expect(body.data).not.toHaveProperty("area_code");
  }
});

for (const [label, data, message] of [
  ["a domestic recipient with an area code and no tel", { ...home, tel: undefined }, /請填寫電話/],
  ["a domestic recipient with a tel and no area code", { ...home, area_code: "" }, /請填寫電話區碼/],
  ["a bad tel", { ...home, tel: "12" }, /電話須為/],
  ["a city that is not one of the 22", { ...home, city: "北京市" }, /請從清單中選擇縣市/],
  ["a district of another city", { ...home, area: "板橋區" }, /請選擇所選縣市內的鄉鎮市區/],
  ["a domestic recipient without a district", { ...home, area: undefined }, /請選擇鄉鎮市區/],
  ["a country not on the list", { ...abroad, country: "亞特蘭提斯" }, /請從清單中選擇國家/],
  ["a domestic recipient abroad", { ...home, country: "日本" }, /國內訂單的國家須為台灣/],
  ["an overseas recipient in Taiwan", { ...abroad, country: "台灣" }, /海外地址請選擇台灣以外的國家/],
  ["a bad cellphone", { ...home, cellphone: "09-12" }, /手機號碼格式不正確/],
  ["an unknown field", { ...home, note: "x" }, /不接受的欄位/],
] as const) {
  test(`recipient refused: ${label}`, async ({ request }) => {
    const { headers } = await registerMember(request);
    const res = await request.post(`${api}/member/recipients`, { headers, data });
    expect(res.status()).toBe(400);
    const body = await res.json();
    expect(body.code).toBe(2);
    expect(body.message).toMatch(message);
  });
}

test("a domestic recipient typed with 台 matches the official 臺 names", async ({ request }) => {
  const { headers } = await registerMember(request);
  const res = await request.post(`${api}/member/recipients`, {
    headers,
    data: { ...home, city: "台東縣", area: "台東市" },
  });
  expect(res.status()).toBe(200);
  expect((await res.json()).data).toMatchObject({ city: "台東縣", area: "台東市" });
});

test("at most 10 recipients", async ({ request }) => {
  const { headers } = await registerMember(request);
  for (let i = 0; i < 10; i++) {
    expect((await request.post(`${api}/member/recipients`, { headers, data: abroad })).status()).toBe(200);
  }
  const eleventh = await request.post(`${api}/member/recipients`, { headers, data: abroad });
  expect(await eleventh.json()).toEqual({ code: 2, message: "最多只能儲存 10 位收件人" });
});
