import { describe, expect, it } from "vitest";
import { testD1 } from "../testing/d1-harness";
import { ATTEMPT_WINDOW_MS, claimAttempt, clearAttempts, MAX_ATTEMPTS } from "./attempts";

const d1 = testD1();
const T0 = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;

async function claims(db: D1Database, email: string, count: number, now: number) {
  const granted: boolean[] = [];
  for (let i = 0; i < count; i++) granted.push(await claimAttempt(db, email, now));
  return granted;
}

describe("the attempt throttle", () => {
  it("grants MAX_ATTEMPTS in a window, then refuses", async () => {
    const db = await d1.fresh();
    expect(await claims(db, "a@example.com", 7, T0)).toEqual([true, true, true, true, true, false, false]);
    expect(MAX_ATTEMPTS).toBe(5);
    // Another address has its own window.
    expect(await claimAttempt(db, "b@example.com", T0)).toBe(true);
  });

  it("locks for 15 minutes from the window's first attempt, not extended by attempts while locked", async () => {
    const db = await d1.fresh();
    await claims(db, "a@example.com", 5, T0);
    // A stranger keeps trying every minute: still locked, and the lock does not move.
    for (let m = 1; m < 15; m++) expect(await claimAttempt(db, "a@example.com", T0 + m * MINUTE)).toBe(false);
    expect(await claimAttempt(db, "a@example.com", T0 + ATTEMPT_WINDOW_MS - 1)).toBe(false);
    // The owner gets a fresh window exactly when the first one ends.
    expect(await claimAttempt(db, "a@example.com", T0 + ATTEMPT_WINDOW_MS)).toBe(true);
  });

  it("does not slide: attempts spread over the window still end with it", async () => {
    const db = await d1.fresh();
    for (let i = 0; i < 5; i++) expect(await claimAttempt(db, "a@example.com", T0 + i * 3 * MINUTE)).toBe(true);
    expect(await claimAttempt(db, "a@example.com", T0 + 14 * MINUTE)).toBe(false);
    expect(await claims(db, "a@example.com", 5, T0 + 15 * MINUTE)).toEqual([true, true, true, true, true]);
  });

  it("starts afresh after a right answer", async () => {
    const db = await d1.fresh();
    await claims(db, "a@example.com", 5, T0);
    await clearAttempts(db, "a@example.com");
    expect(await claimAttempt(db, "a@example.com", T0 + 1)).toBe(true);
  });

  it("removes ended windows of every address as it goes", async () => {
    const db = await d1.fresh();
    await claimAttempt(db, "old@example.com", T0);
    await claimAttempt(db, "new@example.com", T0 + ATTEMPT_WINDOW_MS);
    const rows = await db.prepare("SELECT email FROM attempt_windows ORDER BY email").all<{ email: string }>();
    expect(rows.results.map((r) => r.email)).toEqual(["new@example.com"]);
  });

  it("deletes ended windows through the index on window_started_at", async () => {
    const db = await d1.fresh();
    const plan = await db
      .prepare("EXPLAIN QUERY PLAN DELETE FROM attempt_windows WHERE window_started_at <= ?1")
      .bind(T0)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join("\n")).toMatch(/USING (COVERING )?INDEX attempt_windows_started/);
  });
});
