import { describe, expect, it } from "vitest";
import { sessionKeyOf } from "~/features/session/session-key";
import { sessionMarkerRepair, withSessionMarker } from "./session-marker";

const https = new URL("https://shop.example/product/1");
const local = new URL("http://127.0.0.1:8788/product/1");
const TOKEN = "token-0123456789abcdef";

describe("sessionMarkerRepair", () => {
  it("leaves a marker that names the token's session, and a guest without either", async () => {
    const key = await sessionKeyOf(TOKEN);
    expect(
      await sessionMarkerRepair(https, `__Host-bookstore_token=${TOKEN}; __Host-bookstore_session=${key}`, []),
    ).toBeNull();
    expect(await sessionMarkerRepair(https, "a=1", [])).toBeNull();
    expect(await sessionMarkerRepair(local, null, [])).toBeNull();
  });

  it("sets a missing or wrong marker to the token's session key, readable by scripts", async () => {
    const key = await sessionKeyOf(TOKEN);
    const expected = `__Host-bookstore_session=${key}; Path=/; Max-Age=86400; SameSite=Lax; Secure`;
    expect(await sessionMarkerRepair(https, `__Host-bookstore_token=${TOKEN}`, [])).toBe(expected);
    expect(
      await sessionMarkerRepair(
        https,
        `__Host-bookstore_token=${TOKEN}; __Host-bookstore_session=0000000000000000`,
        [],
      ),
    ).toBe(expected);
    expect(await sessionMarkerRepair(local, `bookstore_token=${TOKEN}`, [])).toBe(
      `bookstore_session=${key}; Path=/; Max-Age=86400; SameSite=Lax`,
    );
  });

  it("clears a marker left without its token", async () => {
    expect(await sessionMarkerRepair(https, "__Host-bookstore_session=0123456789abcdef", [])).toBe(
      "__Host-bookstore_session=; Path=/; Max-Age=0; SameSite=Lax; Secure",
    );
    // Over https the plain-named token (which another host could have planted) is no session.
    expect(
      await sessionMarkerRepair(https, `bookstore_token=${TOKEN}; __Host-bookstore_session=0123456789abcdef`, []),
    ).toMatch(/^__Host-bookstore_session=; .*Max-Age=0/);
  });

  it("leaves the marker to a reply that sets or clears the token itself", async () => {
    const replyCookies = ["__Host-bookstore_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure"];
    expect(await sessionMarkerRepair(https, `__Host-bookstore_token=${TOKEN}`, replyCookies)).toBeNull();
  });
});

describe("withSessionMarker", () => {
  it("adds the repair to the page's reply, which then no shared cache keeps", async () => {
    const page = new Response("<p>頁面</p>", {
      status: 200,
      headers: { "Content-Type": "text/html", "Cache-Control": "public, max-age=60", "Set-Cookie": "other=1" },
    });
    const request = new Request(https, { headers: { Cookie: `__Host-bookstore_token=${TOKEN}` } });
    const reply = await withSessionMarker(request, page);
    expect(reply.headers.getSetCookie()).toEqual([
      "other=1",
      expect.stringMatching(/^__Host-bookstore_session=[0-9a-f]{16};/),
    ]);
    expect(reply.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await reply.text()).toBe("<p>頁面</p>");
  });

  it("hands on a reply that needs nothing unchanged", async () => {
    const page = new Response("x", { headers: { "Cache-Control": "public, max-age=60" } });
    expect(await withSessionMarker(new Request(https), page)).toBe(page);
  });
});
