// Recovery through the built-in API on local D1, with the clock in the test's hand: the cap on codes a day (which
// the contract tests cannot reach in reasonable time: one code a minute), the pause and its mail, the password and
// sessions untouched by it, and the same replies for an address no member has.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RECOVERY_CODES_PER_DAY, RECOVERY_FAILURES_PER_DAY, RECOVERY_PAUSE_MS } from "../auth/recovery-code";
import { jsonCaller, testD1 } from "../testing/d1-harness";

const d1 = testD1();
const T0 = Date.parse("2026-11-26T06:00:00Z"); // 14:00 in Taipei
const MINUTE = 60_000;

function api(db: D1Database) {
  const call = jsonCaller(db);
  return {
    call,
    askCode: (email: string) => call("POST", "/member/recovery/code", { email }),
    reset: (email: string, code: string) =>
      call("POST", "/member/recovery/reset", { email, code, new_password: "Bodhi2027" }),
    login: (email: string, password: string) => call("POST", "/member/login", { email, password }),
    // The recovery mails only: registering wrote a 歡迎加入 first.
    mails: async (to: string) =>
      (
        await db
          .prepare(
            "SELECT subject, body FROM mail_outbox WHERE recipient = ?1 AND subject LIKE '%密碼重設%' ORDER BY id",
          )
          .bind(to)
          .all<{ subject: string; body: string }>()
      ).results,
  };
}

const codeIn = (body: string) => /驗證碼是 (\d{10})/.exec(body)?.[1] ?? "";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("the cap on codes a day", () => {
  it("sends five codes a minute apart; the sixth request pauses recovery, mails the owner, and the password still works", async () => {
    const db = await d1.fresh();
    const { askCode, call, login, mails } = api(db);
    const registered = await call("POST", "/member/register", {
      email: "a@example.com",
      password: "Lotus2026",
      name: "甲",
    });
    const token = registered.body.data?.token;
    for (let i = 0; i < RECOVERY_CODES_PER_DAY; i++) {
      vi.setSystemTime(T0 + i * MINUTE);
      expect((await askCode("a@example.com")).body.code).toBe(1);
    }
    expect((await mails("a@example.com")).map((m) => m.subject)).toEqual(
      Array(RECOVERY_CODES_PER_DAY).fill("覺林書房 密碼重設驗證碼"),
    );

    vi.setSystemTime(T0 + RECOVERY_CODES_PER_DAY * MINUTE);
    const paused = await askCode("a@example.com");
    expect(paused).toEqual({
      status: 429,
      body: {
        code: 7,
        message:
          "這個電子郵件今天申請重設密碼的次數已達上限，為保護帳號，2026/11/27（五）14:05 前不會再寄出驗證碼；您仍可用密碼登入",
      },
    });
    const sent = await mails("a@example.com");
    expect(sent).toHaveLength(RECOVERY_CODES_PER_DAY + 1);
    expect(sent.at(-1)?.subject).toBe("覺林書房 密碼重設已暫停");
    expect(sent.at(-1)?.body).toContain("次數已達上限（驗證碼已寄出 5 次）");
    expect(sent.at(-1)?.body).toContain("2026/11/27（五）14:05 前不會再寄出新的驗證碼");
    expect(sent.at(-1)?.body).toContain("您仍可用原本的密碼登入，已登入的裝置也不受影響");

    // During the pause: no code and no more mail, however often it is asked; signing in and the session still work.
    vi.setSystemTime(T0 + 12 * 60 * MINUTE);
    expect((await askCode("a@example.com")).body.code).toBe(7);
    expect(await mails("a@example.com")).toHaveLength(RECOVERY_CODES_PER_DAY + 1);
    expect((await login("a@example.com", "Lotus2026")).body.code).toBe(1);
    expect((await call("GET", "/member/profile", undefined, token)).body.code).toBe(1);

    // The last code sent before the pause still resets the password.
    const lastCode = codeIn(sent.at(-2)?.body ?? "");
    vi.setSystemTime(T0 + (RECOVERY_CODES_PER_DAY + 1) * MINUTE);
    expect((await api(db).reset("a@example.com", lastCode)).body.code).toBe(1);

    // A day after the pause started, codes are sent again.
    vi.setSystemTime(T0 + RECOVERY_CODES_PER_DAY * MINUTE + RECOVERY_PAUSE_MS);
    expect((await askCode("a@example.com")).body.code).toBe(1);
  });

  it("answers an address no member has exactly as a member's, and mails it nothing", async () => {
    const db = await d1.fresh();
    const { askCode, call, mails } = api(db);
    await call("POST", "/member/register", { email: "member@example.com", password: "Lotus2026", name: "甲" });
    for (let i = 0; i <= RECOVERY_CODES_PER_DAY + 1; i++) {
      vi.setSystemTime(T0 + i * MINUTE);
      expect(await askCode("nobody@example.com")).toEqual(await askCode("member@example.com"));
    }
    expect(await mails("nobody@example.com")).toEqual([]);
  });
});

describe("the cap on wrong codes a day", () => {
  it("voids the code at the fifth wrong one, pauses at the tenth, mails the owner, and then takes no code", async () => {
    const db = await d1.fresh();
    const { askCode, call, reset, login, mails } = api(db);
    await call("POST", "/member/register", { email: "a@example.com", password: "Lotus2026", name: "甲" });
    await askCode("a@example.com");
    const code = codeIn((await mails("a@example.com"))[0]?.body ?? "");
    const wrong = code === "0000000000" ? "1111111111" : "0000000000";
    const replies: string[] = [];
    for (let i = 0; i < RECOVERY_FAILURES_PER_DAY; i++) {
      const reply = await reset("a@example.com", wrong);
      replies.push(`${reply.status} ${reply.body.code} ${reply.body.message}`);
    }
    expect(replies.slice(0, 4)).toEqual(Array(4).fill("400 2 驗證碼錯誤或已過期"));
    expect(replies[4]).toBe("400 2 驗證碼錯誤次數過多，請重新取得驗證碼");
    expect(replies.slice(5, 9)).toEqual(Array(4).fill("400 2 驗證碼錯誤或已過期"));
    expect(replies[9]).toBe(
      "429 7 驗證碼錯誤次數已達今天的上限，為保護帳號，2026/11/27（五）14:00 前不會再寄出驗證碼，也不再接受驗證碼；您仍可用密碼登入",
    );
    const sent = await mails("a@example.com");
    expect(sent.map((m) => m.subject)).toEqual(["覺林書房 密碼重設驗證碼", "覺林書房 密碼重設已暫停"]);
    expect(sent[1]?.body).toContain("（驗證碼輸入錯誤 10 次）");

    // Even the right code is refused now (with a fresh code it would be too: none is sent), without another mail.
    expect((await reset("a@example.com", code)).body.code).toBe(7);
    expect((await askCode("a@example.com")).body.code).toBe(7);
    expect(await mails("a@example.com")).toHaveLength(2);
    // The password works; failing to sign in does not add to recovery's count, nor the other way round.
    expect((await login("a@example.com", "Lotus2026")).body.code).toBe(1);
  });

  it("a right code does not count as a failure", async () => {
    const db = await d1.fresh();
    const { askCode, call, reset, mails } = api(db);
    await call("POST", "/member/register", { email: "a@example.com", password: "Lotus2026", name: "甲" });
    for (let round = 0; round < 2; round++) {
      vi.setSystemTime(T0 + round * MINUTE);
      await askCode("a@example.com");
      const code = codeIn((await mails("a@example.com")).at(-1)?.body ?? "");
      for (let i = 0; i < 4; i++) await reset("a@example.com", code === "0000000000" ? "1111111111" : "0000000000");
      expect((await reset("a@example.com", code)).body.code).toBe(1);
    }
    // 8 failures and 2 right codes: two failures are left today.
    vi.setSystemTime(T0 + 2 * MINUTE);
    await askCode("a@example.com");
    expect((await reset("a@example.com", "0000000000")).body.code).toBe(2);
  });
});
