import { describe, expect, it } from "vitest";
import { testD1 } from "../testing/d1-harness";
import { writesFor } from "../writes";
import { checkRecoveryCode, resetPassword, storeRecoveryCode } from "./recovery";

const d1 = testD1();
const T0 = Date.UTC(2026, 0, 1);

async function memberWithCode(codeHash = "right") {
  const db = await d1.fresh();
  await db
    .prepare(
      "INSERT INTO members (id, email, name, password_hash, created_at) VALUES (1, 'a@example.com', '甲', 'x', '')",
    )
    .run();
  const mailed = await storeRecoveryCode(db, 1, codeHash, CODE_MAIL, T0);
  expect(mailed).toHaveLength(1);
  return db;
}

const CODE_MAIL = {
  to: "a@example.com",
  subject: "驗證碼",
  text: "您的驗證碼",
  html: "<p>您的驗證碼</p>",
  secret: true,
};

describe("storeRecoveryCode", () => {
  it("writes the code and its mail together, the mail marked secret", async () => {
    const db = await memberWithCode();
    expect(await db.prepare("SELECT COUNT(*) AS n FROM recovery_codes").first("n")).toBe(1);
    expect(await db.prepare("SELECT recipient, secret, status FROM mail_outbox").all()).toMatchObject({
      results: [{ recipient: "a@example.com", secret: 1, status: "written" }],
    });
  });

  it("writes neither when the batch fails (no such member: the code's foreign key refuses it)", async () => {
    const db = await d1.fresh();
    await expect(storeRecoveryCode(db, 99, "right", CODE_MAIL, T0)).rejects.toThrow();
    expect(await db.prepare("SELECT COUNT(*) AS n FROM mail_outbox").first("n")).toBe(0);
  });
});

describe("checkRecoveryCode", () => {
  it("finds a right code valid without spending it; the reset spends it: it works once", async () => {
    const db = await memberWithCode();
    expect(await checkRecoveryCode(db, 1, "right", T0 + 1)).toBe("valid");
    expect(await checkRecoveryCode(db, 1, "right", T0 + 1)).toBe("valid");
    expect(await resetPassword(db, 1, "right", "new-hash", T0 + 2)).toMatchObject({ token: expect.any(String) });
    expect(await checkRecoveryCode(db, 1, "right", T0 + 3)).toBe("wrong");
    expect(await resetPassword(db, 1, "right", "other-hash", T0 + 3)).toBeNull();
    const member = await db
      .prepare("SELECT password_hash FROM members WHERE id = 1")
      .first<{ password_hash: string }>();
    expect(member?.password_hash).toBe("new-hash");
  });

  it("voids the code on the fifth wrong try, after which the right one fails too", async () => {
    const db = await memberWithCode();
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await checkRecoveryCode(db, 1, `wrong-${i}`, T0 + 1));
    expect(answers).toEqual(["wrong", "wrong", "wrong", "wrong", "used-up"]);
    expect(await checkRecoveryCode(db, 1, "right", T0 + 2)).toBe("wrong");
  });

  it("lets two resets with the right code spend it only once, even together", async () => {
    const db = await memberWithCode();
    const both = await Promise.all([
      resetPassword(db, 1, "right", "hash-a", T0 + 1),
      resetPassword(db, 1, "right", "hash-b", T0 + 1),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const sessions = await db.prepare("SELECT COUNT(*) AS n FROM sessions WHERE member_id = 1").first<{ n: number }>();
    expect(sessions?.n).toBe(1);
  });

  it("writes the 密碼已變更 notice with the one reset that spends the code, and notes it for the hand-off", async () => {
    const db = await memberWithCode();
    const site = { siteTitle: "覺林書房", siteUrl: "https://books.example.tw" };
    const writes = [writesFor(site), writesFor(site)];
    const both = await Promise.all(
      writes.map((w, i) => resetPassword(db, 1, "right", `hash-${i}`, T0 + 1, { writes: w, email: "a@example.com" })),
    );
    expect(both.filter(Boolean)).toHaveLength(1);
    const notices = await db
      .prepare("SELECT id, recipient FROM mail_outbox WHERE subject LIKE '%密碼已變更'")
      .all<{ id: number; recipient: string }>();
    expect(notices.results.map((row) => row.recipient)).toEqual(["a@example.com"]);
    expect(writes.flatMap((w) => w.mail)).toEqual([notices.results[0]?.id]);
  });

  it("a reset whose session cannot be stored changes nothing, and the code still works", async () => {
    const db = await memberWithCode();
    await db.prepare("ALTER TABLE sessions RENAME TO sessions_away").run();
    await expect(resetPassword(db, 1, "right", "new-hash", T0 + 1)).rejects.toThrow();
    const member = await db
      .prepare("SELECT password_hash FROM members WHERE id = 1")
      .first<{ password_hash: string }>();
    expect(member?.password_hash).toBe("x");
    await db.prepare("ALTER TABLE sessions_away RENAME TO sessions").run();
    expect(await checkRecoveryCode(db, 1, "right", T0 + 2)).toBe("valid");
    expect(await resetPassword(db, 1, "right", "new-hash", T0 + 2)).not.toBeNull();
  });

  it("a reset ends the member's other sessions and unlinks provider accounts", async () => {
    const db = await memberWithCode();
    await db
      .prepare("INSERT INTO sessions (token_hash, member_id, expires_at, created_at) VALUES ('old', 1, ?1, 0)")
      .bind(T0 + 1e9)
      .run();
    await db
      .prepare(
        "INSERT INTO oauth_identities (provider, subject, member_id, email, created_at) VALUES ('p', 's', 1, 'a', '')",
      )
      .run();
    await resetPassword(db, 1, "right", "new-hash", T0 + 1);
    const old = await db.prepare("SELECT token_hash FROM sessions WHERE token_hash = 'old'").first();
    expect(old).toBeNull();
    expect(await db.prepare("SELECT member_id FROM oauth_identities WHERE member_id = 1").first()).toBeNull();
    const left = await db.prepare("SELECT COUNT(*) AS n FROM sessions WHERE member_id = 1").first<{ n: number }>();
    expect(left?.n).toBe(1);
  });

  it("refuses an expired code", async () => {
    const db = await memberWithCode();
    expect(await checkRecoveryCode(db, 1, "right", T0 + 15 * 60 * 1000)).toBe("wrong");
  });
});
