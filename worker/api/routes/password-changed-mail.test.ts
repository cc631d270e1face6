// 密碼已變更 through the built-in API on local D1: the notice a change of password writes (帳號安全's form, or a reset
// with a recovery code), once per change, never for a refused one, and once for the same request sent twice at once.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonCaller, testD1 } from "../testing/d1-harness";

const d1 = testD1();
const T0 = Date.parse("2026-11-26T06:00:00Z"); // 14:00 in Taipei

function api(db: D1Database) {
  const call = jsonCaller(db);
  const mailsAbout = async (to: string, subject: string) =>
    (
      await db
        .prepare("SELECT subject, body FROM mail_outbox WHERE recipient = ?1 AND instr(subject, ?2) > 0 ORDER BY id")
        .bind(to, subject)
        .all<{ subject: string; body: string }>()
    ).results;
  return {
    call,
    register: async (email: string) =>
      (await call("POST", "/member/register", { email, password: "Lotus2026", name: "甲" })).body.data?.token,
    notices: (to: string) => mailsAbout(to, "密碼已變更"),
    recoveryCode: async (to: string) => {
      await call("POST", "/member/recovery/code", { email: to });
      const [mail] = await mailsAbout(to, "驗證碼");
      return /驗證碼是 (\d{10})/.exec(mail?.body ?? "")?.[1] ?? "";
    },
    reset: (email: string, code: string) =>
      call("POST", "/member/recovery/reset", { email, code, new_password: "Bodhi2027" }),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(T0);
});
afterEach(() => vi.useRealTimers());

describe("密碼已變更", () => {
  it("tells the owner of a change on 帳號安全, once, and of none that was refused", async () => {
    const db = await d1.fresh();
    const { call, notices, register } = api(db);
    const token = await register("a@example.com");
    const change = (current: string, next: string) =>
      call("POST", "/member/password", { current_password: current, new_password: next }, token);

    expect((await change("Wrong2026", "Bodhi2027")).body.code).toBe(2);
    expect((await change("Lotus2026", "Lotus2026")).body.code).toBe(2);
    expect(await notices("a@example.com")).toEqual([]);

    expect((await change("Lotus2026", "Bodhi2027")).body.code).toBe(1);
    const [notice, ...more] = await notices("a@example.com");
    expect(more).toEqual([]);
    expect(notice?.subject).toBe("覺林書房 密碼已變更");
    expect(notice?.body).toContain("變更時間：2026/11/26（四）14:00");
    expect(notice?.body).toContain("變更方式：在「帳號安全」輸入目前的密碼後變更");
    expect(notice?.body).not.toContain("Bodhi2027");
  });

  it("makes one change and one notice of the same form sent twice at once; both replies say it is done", async () => {
    const db = await d1.fresh();
    const { call, notices, register } = api(db);
    const token = await register("a@example.com");
    const body = { current_password: "Lotus2026", new_password: "Bodhi2027" };
    const replies = await Promise.all([
      call("POST", "/member/password", body, token),
      call("POST", "/member/password", body, token),
    ]);
    expect(replies.map((r) => r.body.code)).toEqual([1, 1]);
    expect(await notices("a@example.com")).toHaveLength(1);
    expect((await call("POST", "/member/login", { email: "a@example.com", password: "Bodhi2027" })).body.code).toBe(1);
    // The device that changed it is still signed in.
    expect((await call("GET", "/member/profile", undefined, token)).body.code).toBe(1);
  });

  it("refuses the old password once another change has gone through, and mails nothing for it", async () => {
    const db = await d1.fresh();
    const { call, notices, register } = api(db);
    const token = await register("a@example.com");
    const [first, second] = await Promise.all([
      call("POST", "/member/password", { current_password: "Lotus2026", new_password: "Bodhi2027" }, token),
      call("POST", "/member/password", { current_password: "Lotus2026", new_password: "Maitri2028" }, token),
    ]);
    expect([first?.body.code, second?.body.code].sort()).toEqual([1, 2]);
    expect([first, second].find((r) => r?.body.code === 2)?.body.message).toBe("目前的密碼不正確");
    expect(await notices("a@example.com")).toHaveLength(1);
  });

  it("tells the owner of a reset with a code, once, though the code is sent twice at the same moment", async () => {
    const db = await d1.fresh();
    const { notices, recoveryCode, register, reset } = api(db);
    await register("a@example.com");
    const code = await recoveryCode("a@example.com");

    expect((await reset("a@example.com", "0000000000")).body.code).toBe(2);
    expect(await notices("a@example.com")).toEqual([]);

    const replies = await Promise.all([reset("a@example.com", code), reset("a@example.com", code)]);
    expect(replies.map((r) => r.body.code).sort()).toEqual([1, 2]);
    const sent = await notices("a@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toContain("變更方式：以「忘記密碼」寄出的驗證碼重設");
  });
});
