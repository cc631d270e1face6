// The built-in API when D1 fails: a query that throws is code 5 (HTTP 500, no technical details) and one logged error
// line; a write that fails part-way leaves nothing behind, because the statements of one change run as one batch
// (D1 runs a batch as one transaction; the tests run on local D1).
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { createMemberWithIdentity, createTicket } from "./queries/oauth";
import { callApi, testD1 } from "./testing/d1-harness";
import type { ApiDatabase } from "./types";

const d1 = testD1();

let logged: MockInstance<typeof console.error>;
beforeEach(() => {
  logged = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

const logLines = () => logged.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);

/** A database whose every statement fails, as D1 does when it is unavailable or a query is broken. */
const failingDb = () => {
  const fail = () => Promise.reject(new Error("D1_ERROR: no such table: SECRET_TABLE"));
  const statement = { bind: () => statement, first: fail, all: fail, run: fail, raw: fail };
  return { prepare: () => statement, batch: fail };
};

const call = (path: string, db: unknown, init: RequestInit = {}) => callApi(db as ApiDatabase, path, init);

const register = (db: unknown, email: string) =>
  call("/member/register", db, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "Lotus2026", name: "測試讀者" }),
  });

describe("D1 failures in the built-in API", () => {
  it.each(["/products/1", "/products?page=1", "/search?q=佛法"])(
    "a query that throws (%s) answers code 5 with HTTP 500 and logs one error line",
    async (path) => {
      const res = await call(path, failingDb());
      expect(res.status).toBe(500);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ code: 5, message: "系統忙碌中，請稍後再試" });
      expect(text).not.toContain("SECRET_TABLE");
      expect(logLines()).toEqual([
        expect.objectContaining({ level: "error", where: "api", message: expect.stringContaining("SECRET_TABLE") }),
      ]);
    },
  );

  it("a registration whose session cannot be stored leaves no member behind, so a retry can succeed", async () => {
    const db = await d1.fresh();
    // Sessions cannot be written: the member's row, written first in the same change, must not stay.
    await db.prepare("ALTER TABLE sessions RENAME TO sessions_away").run();
    const failed = await register(db, "half@example.com");
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ code: 5 });
    expect(await db.prepare("SELECT id FROM members WHERE email = 'half@example.com'").first()).toBeNull();
    expect(logLines()).toHaveLength(1);

    await db.prepare("ALTER TABLE sessions_away RENAME TO sessions").run();
    const retried = await register(db, "half@example.com");
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ code: 1, data: { token: expect.stringMatching(/.{20,}/) } });
  });

  it("a registration of a registered e-mail creates nothing, and no session for the member who has it", async () => {
    const db = await d1.fresh();
    expect(await (await register(db, "taken@example.com")).json()).toMatchObject({ code: 1 });
    const sessions = async () => (await db.prepare("SELECT COUNT(*) AS n FROM sessions").first<{ n: number }>())?.n;
    expect(await sessions()).toBe(1);
    const again = await register(db, "taken@example.com");
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 6 });
    expect(await sessions()).toBe(1);
  });

  it("an account from a provider whose session cannot be stored leaves no member and no linked account behind", async () => {
    const db = await d1.fresh();
    const ticket = "ticket-0123456789abcdef";
    const identity = { provider: "test", subject: "reader-9", email: "provider@example.com", name: "第三方讀者" };
    await createTicket(db, ticket, identity);
    await db.prepare("ALTER TABLE sessions RENAME TO sessions_away").run();
    const res = await call("/member/oauth/complete", db, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ticket, name: "第三方讀者" }),
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 5 });
    expect(await db.prepare("SELECT id FROM members WHERE email = 'provider@example.com'").first()).toBeNull();
    expect(await db.prepare("SELECT member_id FROM oauth_identities WHERE subject = 'reader-9'").first()).toBeNull();
    // The ticket was not spent by the failed change: once sessions can be stored, it makes the account.
    await db.prepare("ALTER TABLE sessions_away RENAME TO sessions").run();
    const retried = await call("/member/oauth/complete", db, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ticket, name: "第三方讀者" }),
    });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ code: 1, data: { token: expect.any(String) } });
  });

  it("a ticket makes one account only, even when two requests spend it together", async () => {
    const db = await d1.fresh();
    const ticket = "ticket-twice-0123456789";
    const identity = { provider: "test", subject: "reader-10", email: "twice@example.com", name: "第三方讀者" };
    await createTicket(db, ticket, identity);
    const first = await createMemberWithIdentity(db, ticket, identity, "第三方讀者", "!");
    const second = await createMemberWithIdentity(db, ticket, identity, "第三方讀者", "!");
    expect(first).toMatchObject({ token: expect.any(String) });
    expect(second).toBe("spent");
    const sessions = await db.prepare("SELECT COUNT(*) AS n FROM sessions").first<{ n: number }>();
    expect(sessions?.n).toBe(1);
  });
});
