import { describe, expect, it } from "vitest";
import {
  RECOVERY_CODES_PER_DAY,
  RECOVERY_FAILURES_PER_DAY,
  RECOVERY_PAUSE_MS,
  RECOVERY_WINDOW_MS,
} from "../auth/recovery-code";
import { testD1 } from "../testing/d1-harness";
import {
  claimCodeCheck,
  giveBackCodeCheck,
  type PauseMail,
  pauseAfterFailures,
  requestRecoveryCode,
} from "./recovery-limits";

const d1 = testD1();
const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const A = "a@example.com";

/** A pause mail to `to` that says when the pause ends. */
const mailTo =
  (to: string): PauseMail =>
  (pausedUntil) => ({ to, subject: "暫停", text: String(pausedUntil), html: `<p>${pausedUntil}</p>` });
const noMail: PauseMail = () => null;

async function outbox(db: D1Database) {
  const { results } = await db
    .prepare("SELECT recipient, body, created_at FROM mail_outbox ORDER BY id")
    .all<{ recipient: string; body: string; created_at: number }>();
  return results;
}

/** Asks for a code `count` times, a minute apart from `from`; the outcomes. */
async function ask(db: D1Database, count: number, from = T0, mail = mailTo(A)) {
  const outcomes: string[] = [];
  for (let i = 0; i < count; i++) outcomes.push((await requestRecoveryCode(db, A, mail, from + i * MINUTE)).outcome);
  return outcomes;
}

describe("codes per day", () => {
  it(`sends ${RECOVERY_CODES_PER_DAY} codes, then the next request pauses recovery for a day and mails the owner once`, async () => {
    const db = await d1.fresh();
    expect(await ask(db, RECOVERY_CODES_PER_DAY)).toEqual(Array(RECOVERY_CODES_PER_DAY).fill("send"));
    const at = T0 + RECOVERY_CODES_PER_DAY * MINUTE;
    expect(await requestRecoveryCode(db, A, mailTo(A), at)).toEqual({
      outcome: "paused",
      pausedUntil: at + RECOVERY_PAUSE_MS,
      started: true,
      mailed: [expect.any(Number)],
    });
    expect(await outbox(db)).toEqual([{ recipient: A, body: String(at + RECOVERY_PAUSE_MS), created_at: at }]);
    // Asking again during the pause: still paused, the pause does not move, and no second mail.
    for (const later of [at + MINUTE, at + 12 * HOUR, at + RECOVERY_PAUSE_MS - 1]) {
      expect(await requestRecoveryCode(db, A, mailTo(A), later)).toEqual({
        outcome: "paused",
        pausedUntil: at + RECOVERY_PAUSE_MS,
        started: false,
        mailed: [],
      });
    }
    expect(await outbox(db)).toHaveLength(1);
    // When the pause ends, a new day's window starts.
    expect(await ask(db, RECOVERY_CODES_PER_DAY + 1, at + RECOVERY_PAUSE_MS)).toEqual([
      ...Array(RECOVERY_CODES_PER_DAY).fill("send"),
      "paused",
    ]);
  });

  it("sends nothing new within a minute of the last code, and does not count it", async () => {
    const db = await d1.fresh();
    expect((await requestRecoveryCode(db, A, noMail, T0)).outcome).toBe("send");
    expect((await requestRecoveryCode(db, A, noMail, T0 + 59_999)).outcome).toBe("recent");
    expect((await requestRecoveryCode(db, A, noMail, T0 + MINUTE)).outcome).toBe("send");
    // A double click right after the last code of the day is not what pauses recovery.
    const db2 = await d1.fresh(); // db is done with: the same database, emptied
    await ask(db2, RECOVERY_CODES_PER_DAY, T0, noMail);
    const last = T0 + (RECOVERY_CODES_PER_DAY - 1) * MINUTE;
    expect((await requestRecoveryCode(db2, A, noMail, last + 1000)).outcome).toBe("recent");
    expect((await requestRecoveryCode(db2, A, noMail, last + MINUTE)).outcome).toBe("paused");
  });

  it("starts a new window a day after the first request when no cap was passed", async () => {
    const db = await d1.fresh();
    await ask(db, RECOVERY_CODES_PER_DAY);
    expect((await requestRecoveryCode(db, A, noMail, T0 + RECOVERY_WINDOW_MS - 1)).outcome).toBe("paused");
    const db2 = await d1.fresh(); // db is done with: the same database, emptied
    await ask(db2, RECOVERY_CODES_PER_DAY);
    expect((await requestRecoveryCode(db2, A, noMail, T0 + RECOVERY_WINDOW_MS)).outcome).toBe("send");
  });

  it("counts each address apart, and an address no member has the same way (without a mail)", async () => {
    const db = await d1.fresh();
    await ask(db, RECOVERY_CODES_PER_DAY, T0, noMail);
    expect(await requestRecoveryCode(db, A, noMail, T0 + HOUR)).toMatchObject({ outcome: "paused", started: true });
    expect((await requestRecoveryCode(db, "b@example.com", noMail, T0 + HOUR)).outcome).toBe("send");
    expect(await outbox(db)).toEqual([]);
  });

  it("sends no more than the cap to twenty requests, and starts one pause", async () => {
    const db = await d1.fresh();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => requestRecoveryCode(db, A, noMail, T0 + i * MINUTE)),
    );
    expect(outcomes.filter((o) => o.outcome === "send")).toHaveLength(RECOVERY_CODES_PER_DAY);
    expect(outcomes.filter((o) => o.outcome === "paused" && o.started)).toHaveLength(1);
  });
});

describe("wrong codes per day", () => {
  async function fail(db: D1Database, count: number, at = T0) {
    const claims = [];
    for (let i = 0; i < count; i++) claims.push(await claimCodeCheck(db, A, mailTo(A), at + i));
    return claims;
  }

  it(`grants ${RECOVERY_FAILURES_PER_DAY} checks a day, counting failures since the last code apart`, async () => {
    const db = await d1.fresh();
    await requestRecoveryCode(db, A, noMail, T0);
    const claims = await fail(db, 3);
    expect(claims.map((c) => c.granted && [c.failuresToday, c.failuresSinceCode])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    // A new code starts the count since the code again; the day's count goes on.
    await requestRecoveryCode(db, A, noMail, T0 + MINUTE);
    const [next] = await fail(db, 1, T0 + MINUTE);
    expect(next).toEqual({ granted: true, failuresToday: 4, failuresSinceCode: 1 });
  });

  it("refuses the check past the cap, and the refusal starts the pause if it has not started", async () => {
    const db = await d1.fresh();
    const claims = await fail(db, RECOVERY_FAILURES_PER_DAY);
    expect(claims.every((c) => c.granted)).toBe(true);
    const at = T0 + HOUR;
    expect(await claimCodeCheck(db, A, mailTo(A), at)).toEqual({
      granted: false,
      pausedUntil: at + RECOVERY_PAUSE_MS,
      started: true,
      mailed: [expect.any(Number)],
    });
    expect(await claimCodeCheck(db, A, mailTo(A), at + 1)).toEqual({
      granted: false,
      pausedUntil: at + RECOVERY_PAUSE_MS,
      started: false,
      mailed: [],
    });
    expect(await outbox(db)).toHaveLength(1);
    // The pause stops new codes.
    expect((await requestRecoveryCode(db, A, mailTo(A), at + 2)).outcome).toBe("paused");
  });

  it("after the last failure: the pause starts once, the member's code is void, the owner is mailed once", async () => {
    const db = await d1.fresh();
    await db
      .prepare("INSERT INTO members (id, email, name, password_hash, created_at) VALUES (1, ?1, '甲', 'x', '')")
      .bind(A)
      .run();
    await db
      .prepare(
        "INSERT INTO recovery_codes (member_id, code_hash, expires_at, attempts, created_at) VALUES (1, 'h', ?1, 0, ?2)",
      )
      .bind(T0 + HOUR, T0)
      .run();
    await fail(db, RECOVERY_FAILURES_PER_DAY);
    const at = T0 + MINUTE;
    expect(await pauseAfterFailures(db, A, 1, mailTo(A), at)).toEqual({
      pausedUntil: at + RECOVERY_PAUSE_MS,
      started: true,
      mailed: [expect.any(Number)],
    });
    expect(await pauseAfterFailures(db, A, 1, mailTo(A), at + 1)).toEqual({
      pausedUntil: at + RECOVERY_PAUSE_MS,
      started: false,
      mailed: [],
    });
    expect(await db.prepare("SELECT member_id FROM recovery_codes").first()).toBeNull();
    expect(await outbox(db)).toEqual([{ recipient: A, body: String(at + RECOVERY_PAUSE_MS), created_at: at }]);
  });

  it("does not move a pause that the codes' cap started", async () => {
    const db = await d1.fresh();
    await ask(db, RECOVERY_CODES_PER_DAY + 1);
    const pausedAt = T0 + RECOVERY_CODES_PER_DAY * MINUTE;
    await fail(db, RECOVERY_FAILURES_PER_DAY, pausedAt + HOUR);
    expect(await pauseAfterFailures(db, A, null, mailTo(A), pausedAt + 2 * HOUR)).toEqual({
      pausedUntil: pausedAt + RECOVERY_PAUSE_MS,
      started: false,
      mailed: [],
    });
    expect(await outbox(db)).toHaveLength(1);
  });

  it("during a pause that the codes' cap started, a code already sent may still be checked", async () => {
    const db = await d1.fresh();
    await ask(db, RECOVERY_CODES_PER_DAY + 1);
    const [claim] = await fail(db, 1, T0 + HOUR);
    expect(claim?.granted).toBe(true);
  });

  it("gives back the check of a right code", async () => {
    const db = await d1.fresh();
    await fail(db, RECOVERY_FAILURES_PER_DAY - 1);
    const [last] = await fail(db, 1, T0 + MINUTE);
    expect(last).toMatchObject({ granted: true, failuresToday: RECOVERY_FAILURES_PER_DAY });
    await giveBackCodeCheck(db, A);
    expect(await claimCodeCheck(db, A, noMail, T0 + 2 * MINUTE)).toMatchObject({ granted: true });
  });

  it("grants no more than the cap to thirty checks", async () => {
    const db = await d1.fresh();
    const claims = await Promise.all(Array.from({ length: 30 }, (_, i) => claimCodeCheck(db, A, noMail, T0 + i)));
    expect(claims.filter((c) => c.granted)).toHaveLength(RECOVERY_FAILURES_PER_DAY);
  });

  it("keeps the window's failures until both the window and the pause have ended", async () => {
    const db = await d1.fresh();
    await fail(db, RECOVERY_FAILURES_PER_DAY);
    const pausedAt = T0 + 20 * HOUR;
    await pauseAfterFailures(db, A, null, noMail, pausedAt);
    // The window has ended, the pause has not: still refused.
    expect(await claimCodeCheck(db, A, noMail, T0 + RECOVERY_WINDOW_MS + HOUR)).toMatchObject({ granted: false });
    expect(await claimCodeCheck(db, A, noMail, pausedAt + RECOVERY_PAUSE_MS)).toMatchObject({
      granted: true,
      failuresToday: 1,
    });
  });
});

describe("the table", () => {
  it("loses ended rows of every address as it goes", async () => {
    const db = await d1.fresh();
    await requestRecoveryCode(db, "old@example.com", noMail, T0);
    await requestRecoveryCode(db, "new@example.com", noMail, T0 + RECOVERY_WINDOW_MS);
    const rows = await db.prepare("SELECT email FROM recovery_limits ORDER BY email").all<{ email: string }>();
    expect(rows.results.map((r) => r.email)).toEqual(["new@example.com"]);
  });

  it("deletes ended rows through the index on window_started_at", async () => {
    const db = await d1.fresh();
    const plan = await db
      .prepare("EXPLAIN QUERY PLAN DELETE FROM recovery_limits WHERE window_started_at <= ?1 AND paused_until <= ?2")
      .bind(T0, T0)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join("\n")).toMatch(/USING INDEX recovery_limits_window/);
  });
});
