// D1 read replicas (Sessions API): a member's write hands back a bookmark in an HttpOnly cookie, and the next request
// that carries it reads the write back, whichever replica answers. Guests' catalogue replies never gain the cookie.
// Named by what it checks, not by an operation: it covers member writes and catalogue reads.

import { API, registerMember } from "../support/fixtures";
import { type APIResponse, expect, type PlaywrightWorkerArgs, test } from "../support/test";

const BOOKMARK_COOKIE = /^bookstore_d1_bookmark=([^;]*); Path=\/; Max-Age=(\d+); HttpOnly; SameSite=Lax/;

/** The bookmark a reply sets (undefined when it sets none); a cleared cookie is the empty string. */
function bookmarkSetBy(reply: APIResponse): string | undefined {
  for (const { name, value } of reply.headersArray()) {
    const match = name.toLowerCase() === "set-cookie" ? BOOKMARK_COOKIE.exec(value) : null;
    if (match) return match[2] === "0" ? "" : match[1];
  }
  return undefined;
}

/** One request with exactly these cookies, from a context that keeps none of its own. */
async function send(
  playwright: PlaywrightWorkerArgs["playwright"],
  baseURL: string | undefined,
  path: string,
  cookie: string,
  data?: unknown,
) {
  const context = await playwright.request.newContext({ baseURL });
  try {
    const reply = await context.fetch(`${API}${path}`, {
      method: data === undefined ? "GET" : "POST",
      headers: { Cookie: cookie },
      data,
    });
    return { reply, body: await reply.json(), bookmark: bookmarkSetBy(reply) };
  } finally {
    await context.dispose();
  }
}

test("a member's write is read back on the next request through the bookmark cookie", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { headers } = await registerMember(request);
  test.skip(headers !== undefined, "talking to a bare API, not through the storefront proxy");
  const state = await request.storageState();
  const token = state.cookies.find((c) => c.name === "bookstore_token")?.value;
  const registered = state.cookies.find((c) => c.name === "bookstore_d1_bookmark")?.value;
  expect(token).toBeTruthy();
  expect(registered).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);

  const cart = { "3": 2, "7": 1 };
  const write = await send(
    playwright,
    baseURL,
    "/cart/cache",
    `bookstore_token=${token}; bookstore_d1_bookmark=${registered}`,
    cart,
  );
  expect(write.body.code).toBe(1);
  // The write moves the bookmark on (D1's bookmarks sort in commit order).
  expect(write.bookmark).toBeDefined();
  expect((write.bookmark as string) > (registered as string)).toBe(true);

  const read = await send(
    playwright,
    baseURL,
    "/cart/cache",
    `bookstore_token=${token}; bookstore_d1_bookmark=${write.bookmark}`,
  );
  expect(read.body).toEqual({ code: 1, message: expect.any(String), data: cart });
  expect((read.bookmark as string) >= (write.bookmark as string)).toBe(true);

  // A guest's catalogue read neither uses nor gains the cookie, so it stays cacheable.
  const guest = await send(playwright, baseURL, "/products?page=1", `bookstore_d1_bookmark=${write.bookmark}`);
  expect(guest.body.code).toBe(1);
  expect(guest.reply.headers()["set-cookie"]).toBeUndefined();

  // Signing out clears it with the token.
  const logout = await send(
    playwright,
    baseURL,
    "/member/logout",
    `bookstore_token=${token}; bookstore_d1_bookmark=${read.bookmark}`,
  );
  expect(logout.body.code).toBe(1);
  expect(logout.bookmark).toBe("");
});

test("a member's write through a page's form action hands the bookmark on with the page", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { headers } = await registerMember(request);
  test.skip(headers !== undefined, "talking to a bare API, not through the storefront proxy");
  const state = await request.storageState();
  const token = state.cookies.find((c) => c.name === "bookstore_token")?.value;
  const before = state.cookies.find((c) => c.name === "bookstore_d1_bookmark")?.value ?? "";
  const context = await playwright.request.newContext({ baseURL });
  try {
    // The profile form posted as a browser without JavaScript posts it: the page's action writes through the API.
    const page = await context.post("/member/profile", {
      headers: { Cookie: `bookstore_token=${token}; bookstore_d1_bookmark=${before}`, Origin: baseURL ?? "" },
      form: { name: "改過名字的讀者", cellphone: "", birthday: "", gender: "" },
      maxRedirects: 0,
    });
    expect(page.status()).toBe(200);
    const handedOn = bookmarkSetBy(page);
    expect(handedOn).toBeDefined();
    expect((handedOn as string) > before).toBe(true);
    const read = await send(
      playwright,
      baseURL,
      "/member/profile",
      `bookstore_token=${token}; bookstore_d1_bookmark=${handedOn}`,
    );
    expect(read.body.data).toMatchObject({ name: "改過名字的讀者" });
  } finally {
    await context.dispose();
  }
});
