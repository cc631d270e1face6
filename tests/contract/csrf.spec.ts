// CSRF (worker/middleware/same-origin.ts, json-bodies.ts): writes and the logout GET from another site are refused
// with 403, API writes that are not JSON with 415, whatever the member's cookie; clients that send neither Origin nor
// Sec-Fetch-Site (this suite, curl) go on; the payment gateway's signed calls back are exempt.
// Named by what it checks, not by an operation: it covers writes of many operation groups.

import { API, registerMember } from "../support/fixtures";
import { expectMatchesContract } from "../support/openapi";
import { type APIRequestContext, expect, test } from "../support/test";

const ELSEWHERE = { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
const SAVED_CART = { "1": 2, "12": 1 };

/** A member of the test's own (the session is the request context's cookie), with a saved cart. */
async function memberWithCart(request: APIRequestContext) {
  const { headers } = await registerMember(request);
  const saved = await request.post(`${API}/cart/cache`, { headers, data: SAVED_CART });
  expect((await saved.json()).code).toBe(1);
  const cart = async () => (await (await request.get(`${API}/cart/cache`, { headers })).json()).data;
  const profileStatus = async () => (await request.get(`${API}/member/profile`, { headers })).status();
  return { headers, cart, profileStatus };
}

test("another site's write is refused with 403 and the envelope, and changes nothing", async ({ request }) => {
  const member = await memberWithCart(request);
  const elsewhere: Record<string, string>[] = [
    ELSEWHERE,
    { Origin: "https://evil.example" },
    { "Sec-Fetch-Site": "same-site" },
  ];
  for (const origin of elsewhere) {
    const res = await request.post(`${API}/cart/cache`, { headers: { ...member.headers, ...origin }, data: {} });
    expect(res.status(), JSON.stringify(origin)).toBe(403);
    const body = await res.json();
    expectMatchesContract("/cart/cache", "post", 403, body);
    expect(body).toEqual({ code: 2, message: "拒絕來自其他網站的請求：請回到本站重新操作" });
  }
  const removed = await request.delete(`${API}/member/recipients/1`, { headers: { ...member.headers, ...ELSEWHERE } });
  expect(removed.status()).toBe(403);
  expect(await member.cart()).toEqual(SAVED_CART);
});

test("this site's own write goes on", async ({ request, baseURL }) => {
  const member = await memberWithCart(request);
  const res = await request.post(`${API}/cart/cache`, {
    headers: { ...member.headers, Origin: new URL(baseURL ?? "").origin, "Sec-Fetch-Site": "same-origin" },
    data: { "3": 1 },
  });
  expect((await res.json()).code).toBe(1);
  expect(await member.cart()).toEqual({ "3": 1 });
});

test("a write that is not JSON is refused with 415 and changes nothing", async ({ request }) => {
  const member = await memberWithCart(request);
  const asText = await request.post(`${API}/cart/cache`, {
    headers: { ...member.headers, "Content-Type": "text/plain" },
    data: "{}",
  });
  expect(asText.status()).toBe(415);
  const body = await asText.json();
  expectMatchesContract("/cart/cache", "post", 415, body);
  expect(body).toEqual({ code: 2, message: "請求內容必須是 JSON（Content-Type: application/json）" });
  const asForm = await request.post(`${API}/member/login`, {
    form: { email: "demo@example.com", password: "Demo1234" },
  });
  expect(asForm.status()).toBe(415);
  expect(await member.cart()).toEqual(SAVED_CART);
});

test("a cross-site navigation to the logout leaves the session; this site's logout ends it", async ({ request }) => {
  const member = await memberWithCart(request);
  const elsewhere = await request.get(`${API}/member/logout`, {
    headers: { ...member.headers, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" },
  });
  expect(elsewhere.status()).toBe(403);
  expectMatchesContract("/member/logout", "get", 403, await elsewhere.json());
  expect(await member.profileStatus()).toBe(200);
  // A HEAD (a link checker's, a prefetch) is safe: refused, and the member stays signed in with the cookies kept.
  const head = await request.head(`${API}/member/logout`, {
    headers: { ...member.headers, "Sec-Fetch-Site": "same-origin" },
  });
  expect(head.status()).toBe(405);
  expect(head.headers().allow).toBe("GET");
  expect(head.headers()["set-cookie"] ?? "").not.toMatch(/Max-Age=0/);
  expect(await member.profileStatus()).toBe(200);
  const own = await request.get(`${API}/member/logout`, {
    headers: { ...member.headers, "Sec-Fetch-Site": "same-origin" },
  });
  expect((await own.json()).code).toBe(1);
  expect(await member.profileStatus()).toBe(401);
});

test("another site's form post to a page is refused with a 403 page in Chinese", async ({ request }) => {
  const res = await request.post("/login", {
    headers: ELSEWHERE,
    form: { intent: "logout" },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  expect(res.headers()["content-type"]).toContain("text/html");
  const html = await res.text();
  expect(html).toContain("<h1>無法處理這項請求</h1>");
  expect(html).toContain("這項請求不是從本站送出的");
});

test("the payment gateway's calls back are exempt: checked by signature, not by origin", async ({ request }) => {
  const gateway = { Origin: "https://ccore.newebpay.com", "Sec-Fetch-Site": "cross-site" };
  const back = await request.post(`${API}/payment/newebpay/return`, {
    headers: gateway,
    form: { Status: "SUCCESS" },
    maxRedirects: 0,
  });
  expect(back.status()).toBe(303);
  expect(back.headers().location).toBe("/order-complete?payment=unverified");
  const notify = await request.post(`${API}/payment/newebpay/notify`, {
    headers: gateway,
    form: { Status: "SUCCESS" },
  });
  expect(notify.status()).toBe(400);
  expect(await notify.json()).toEqual({ code: 2, message: "付款通知驗證失敗" });
});

test("a page's form post over 64 KB is refused with a 413 page in Chinese", async ({ request }) => {
  const res = await request.post("/login", {
    form: { email: "demo@example.com", password: "x".repeat(70 * 1024) },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(413);
  const html = await res.text();
  expect(html).toContain("<h1>送出的內容過大</h1>");
  expect(html).toContain("表單內容超過 64 KB 的上限");
});
