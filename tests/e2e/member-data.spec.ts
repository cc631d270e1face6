// Issue 21: one member's data never reaches another in the same tab. Member A fills the checkout (a company
// invoice, a receiver, phones, an address) and signs out; member B signs in in the same tab, without a reload, and
// finds none of A's data: not in the checkout form, not on any member screen, not in localStorage, sessionStorage or
// the cookies the page can read. The browser's rule is app/features/session/member-storage.ts, keyed by the session marker cookie.
import { createHash } from "node:crypto";
import { expectAccessible } from "../support/a11y";
import { clientNavigate, waitForHydration } from "../support/hydration";
import { MEMBER_ROUTES } from "../support/routes";
import { type APIRequestContext, expect, type Page, test } from "../support/test";

const PASSWORD = "Lotus2026";

interface Member {
  name: string;
  email: string;
}

/** Registers a member from a request context that shares no cookies with the page. */
async function registerMember(request: APIRequestContext, name: string): Promise<Member> {
  const email = `member-data-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await request.post("/api/frontend/member/register", { data: { email, password: PASSWORD, name } });
  expect((await res.json()).code).toBe(1);
  return { name, email };
}

/** Two seeded paper books that can be ordered (category 1, not read on Readmoo, in stock or on pre-order). */
async function paperBooks(request: APIRequestContext): Promise<[number, number]> {
  const ids = Array.from({ length: 60 }, (_, i) => i + 1);
  const items: {
    id: number;
    category_id: number;
    readmoo_link: string | null;
    is_pre_order: boolean;
    quantity_max: number | null;
  }[] = (await (await request.post("/api/frontend/cart/summary", { data: { id_list: ids } })).json()).data;
  const paper = items.filter(
    (i) => i.category_id === 1 && !i.readmoo_link && (i.is_pre_order || (i.quantity_max ?? 1) > 0),
  );
  if (paper.length < 2) throw new Error("the seed has fewer than two orderable paper books");
  return [(paper[0] as { id: number }).id, (paper[1] as { id: number }).id];
}

/** What member A types into the checkout: every value is A's alone, so finding any of it later is a leak. */
const A_DRAFT = {
  receiver: "甲收件人",
  cellphone: "0911222333",
  address: "甲仙路八十八號之一",
  areaCode: "07",
  tel: "7651234",
  company: "甲方文化事業有限公司",
  taxId: "10458574",
};

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function signInOnLoginPage(page: Page, member: Member) {
  await expect(page).toHaveURL(/\/login(\?session=signed-out)?$/);
  await waitForHydration(page);
  await field(page, "電子郵件").fill(member.email);
  await field(page, "密碼").fill(PASSWORD);
  await page.getByRole("button", { name: "登入" }).click();
  await expect(page.getByText(`${member.name}，您好`)).toBeVisible();
}

/** Adds one of `book` through its page (a client navigation, as a reader's click), then opens the paper checkout. */
async function openPaperCheckout(page: Page, book: number) {
  await clientNavigate(page, `/product/${book}`);
  await page.getByRole("button", { name: "加入購物車" }).click();
  await expect(page.getByText(/已加入購物車/)).toBeVisible();
  await clientNavigate(page, "/cart?checkout=0");
  await expect(page.getByRole("heading", { name: "實體商品結帳" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^送出訂單/ })).toBeEnabled();
}

async function fillCheckoutAsA(page: Page, a: Member) {
  await expect(field(page, "訂購人姓名")).toHaveValue(a.name);
  await expect(field(page, "電子郵件")).toHaveValue(a.email);
  await field(page, "收件人").fill(A_DRAFT.receiver);
  await field(page, "手機").fill(A_DRAFT.cellphone);
  await field(page, "縣市").selectOption("高雄市");
  await field(page, "鄉鎮市區").selectOption({ label: "甲仙區" });
  await field(page, "地址").fill(A_DRAFT.address);
  await field(page, "區碼").fill(A_DRAFT.areaCode);
  await field(page, "電話").fill(A_DRAFT.tel);
  await page.getByRole("radio", { name: "公司戶發票", exact: true }).check();
  await field(page, "公司抬頭").fill(A_DRAFT.company);
  await field(page, "統一編號").fill(A_DRAFT.taxId);
  await field(page, "統一編號").blur();
}

/** Everything the page itself can read of the browser's storage: both stores and document.cookie. */
async function browserState(page: Page) {
  return page.evaluate(() => {
    const entries = (store: Storage) =>
      Object.fromEntries(
        Array.from({ length: store.length }, (_, i) => store.key(i) as string).map((k) => [k, store.getItem(k)]),
      );
    return { local: entries(localStorage), session: entries(sessionStorage), cookie: document.cookie };
  });
}

/** The strings that are A's alone (B never typed or owns any of them); the 2-digit area code is too common to look for. */
function secretsOf(a: Member, aSessionKey: string) {
  const { areaCode: _common, ...distinctive } = A_DRAFT;
  return [a.name, a.email, aSessionKey, ...Object.values(distinctive)];
}

async function expectNoneOf(page: Page, secrets: string[], where: string) {
  const state = JSON.stringify(await browserState(page));
  const html = await page.content();
  for (const secret of secrets) {
    expect(state, `${where}: browser storage holds ${secret}`).not.toContain(secret);
    expect(html, `${where}: the page holds ${secret}`).not.toContain(secret);
  }
}

const sessionKeyOf = (token: string) => createHash("sha256").update(token).digest("hex").slice(0, 16);

async function sessionCookies(page: Page) {
  const cookies = await page.context().cookies();
  return {
    token: cookies.find((c) => c.name === "bookstore_token"),
    marker: cookies.find((c) => c.name === "bookstore_session"),
  };
}

test("member B, signing in after member A signed out in the same tab, finds none of A's data anywhere", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const a = await registerMember(request, "讀者甲");
  const b = await registerMember(request, "讀者乙");
  const [bookA, bookB] = await paperBooks(request);

  await page.goto("/login");
  await waitForHydration(page);
  // A mark on the window: it is gone if the page ever reloads, so the whole journey is one document.
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

  // Member A signs in and fills the checkout with a company invoice.
  await signInOnLoginPage(page, a);
  const { token: tokenA, marker: markerA } = await sessionCookies(page);
  expect(tokenA?.httpOnly).toBe(true);
  expect(markerA?.httpOnly).toBe(false);
  const aSessionKey = sessionKeyOf(tokenA?.value ?? "");
  expect(markerA?.value).toBe(aSessionKey);
  // The marker holds the session key, never the token.
  expect(markerA?.value).not.toBe(tokenA?.value);
  expect(await page.evaluate(() => document.cookie)).not.toContain(tokenA?.value ?? "-");

  await openPaperCheckout(page, bookA);
  await fillCheckoutAsA(page, a);
  // The draft is kept (for a reload or Back from the gateway), under A's session.
  await expect.poll(async () => JSON.stringify((await browserState(page)).session)).toContain(A_DRAFT.taxId);
  expect(Object.keys((await browserState(page)).session).some((k) => k.includes(aSessionKey))).toBe(true);

  // A signs out.
  await page.getByRole("button", { name: "登出" }).click();
  await expect(page).toHaveURL(/\/login\?session=signed-out$/);
  await expect(page.getByText("您已登出。")).toBeVisible();
  const secrets = secretsOf(a, aSessionKey);
  await expectNoneOf(page, secrets, "after A signed out");
  const afterSignOut = await browserState(page);
  expect(afterSignOut.local["website-cart"] ?? null, "A's cart left with A").toBeNull();
  expect(afterSignOut.cookie).not.toContain("bookstore_session");

  // Member B signs in in the same tab, on the form 登出 led to.
  await signInOnLoginPage(page, b);
  const { token: tokenB, marker: markerB } = await sessionCookies(page);
  expect(markerB?.value).toBe(sessionKeyOf(tokenB?.value ?? ""));
  await expectNoneOf(page, secrets, "B's profile");

  // Every member screen, reached as a reader does: by the member menu, in the same document.
  const memberNav = page.getByRole("navigation", { name: "會員中心" });
  for (const route of MEMBER_ROUTES) {
    const link = memberNav.getByRole("link", { name: route.title as string });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${route.path}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoneOf(page, secrets, route.path);
  }

  // B's checkout: B's own name and e-mail, nothing of A's draft.
  await openPaperCheckout(page, bookB);
  await expect(field(page, "訂購人姓名")).toHaveValue(b.name);
  await expect(field(page, "電子郵件")).toHaveValue(b.email);
  for (const label of ["收件人", "手機", "地址", "區碼", "電話"]) await expect(field(page, label)).toHaveValue("");
  await expect(page.getByRole("radio", { name: "公司戶發票", exact: true })).not.toBeChecked();
  await expect(field(page, "統一編號")).toHaveCount(0);
  const cart = JSON.parse((await browserState(page)).local["website-cart"] ?? "{}");
  expect(cart, "B's cart holds B's book only").toEqual({ [bookB]: 1 });
  await expectNoneOf(page, secrets, "B's checkout");
  await expectAccessible(page);

  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test("a second member signing in over the first one's session, without signing out, gets none of the draft", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const a = await registerMember(request, "讀者丙");
  const b = await registerMember(request, "讀者丁");
  const [bookA, bookB] = await paperBooks(request);
  await page.goto("/login");
  await signInOnLoginPage(page, a);
  const aSessionKey = sessionKeyOf((await sessionCookies(page)).token?.value ?? "");
  await openPaperCheckout(page, bookA);
  await fillCheckoutAsA(page, a);
  await expect.poll(async () => JSON.stringify((await browserState(page)).session)).toContain(A_DRAFT.company);

  // Straight to the sign-in page and in as B: the session changes under the page, no 登出 pressed.
  await clientNavigate(page, "/login");
  await signInOnLoginPage(page, b);
  await expectNoneOf(page, secretsOf(a, aSessionKey), "B signed in over A");
  await openPaperCheckout(page, bookB);
  await expect(field(page, "電子郵件")).toHaveValue(b.email);
  await expect(field(page, "收件人")).toHaveValue("");
  await expect(page.getByRole("radio", { name: "公司戶發票", exact: true })).not.toBeChecked();
  await expectNoneOf(page, secretsOf(a, aSessionKey), "B's checkout");
});

test("placing the order lets go of its draft", async ({ page, request }) => {
  const a = await registerMember(request, "讀者戊");
  const [book] = await paperBooks(request);
  await page.goto("/login");
  await signInOnLoginPage(page, a);
  await openPaperCheckout(page, book);
  await fillCheckoutAsA(page, a);
  await expect.poll(async () => JSON.stringify((await browserState(page)).session)).toContain(A_DRAFT.receiver);
  await page.getByRole("button", { name: /^送出訂單/ }).click();
  // The order goes on to the (stand-in) gateway; the tab's storage keeps nothing of the draft.
  await expect(page).toHaveURL(/\/_dev\/payment\/mpg_gateway$/);
  await page.goto("/");
  const state = JSON.stringify((await browserState(page)).session);
  // Not the 2-digit area code: "07" turns up in any stored number (React Router keeps scroll positions here).
  const { areaCode: _common, ...distinctive } = A_DRAFT;
  for (const value of Object.values(distinctive)) expect(state, value).not.toContain(value);
});
