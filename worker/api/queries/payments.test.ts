import { describe, expect, it } from "vitest";
import { TEST_CONFIG, testD1 } from "../testing/d1-harness";
import type { ApiDatabase } from "../types";
import { writesFor } from "../writes";
import { attemptsWithClaims, keepClaimedAmount, settlePaid, settleWrongAmount } from "./payments";

const d1 = testD1();
const NOW = new Date("2026-11-23T11:05:00Z");
const TOTAL = 1134;
const proof = { tradeNo: "23112319053512345", payTime: "2026-11-23 19:05:35", message: "付款成功" };

/** An order in `status` with one open attempt, as a form handed to a reader leaves it. */
async function orderWithAttempt(db: D1Database, status: number) {
  await db
    .prepare(
      "INSERT OR IGNORE INTO members (id, email, name, password_hash, created_at) VALUES (1, 'r@example.com', 'r', 'x', '')",
    )
    .run();
  const order = await db
    .prepare(
      `INSERT INTO orders (order_no, member_id, status, category_type, area_type, pay_type, delivery_type, member_name,
                           member_email, details, subtotal, fee, no_fee, discount_price, fee_extra, total_revise, total,
                           created_at)
       VALUES ('BK20261123-000001-ABCDEF', 1, ?1, 0, 0, 3, 1, '測試讀者', 'reader@example.com', '{}', ?2, 0, 1, 0, 0, 0,
               ?2, '2026-11-23T11:00:00Z')
       RETURNING id`,
    )
    .bind(status, TOTAL)
    .first<{ id: number }>();
  const orderId = order?.id ?? 0;
  const attempt = await db
    .prepare(
      `INSERT INTO payment_attempts (order_id, attempt, merchant_order_no, amount, created_at, state, deadline_at,
                                     next_check_at)
       VALUES (?1, 1, 'BK20261123000001A1', ?2, '2026-11-23T11:00:00Z', 'open', '2026-11-23T11:15:00Z',
               '2026-11-23T11:02:00Z')
       RETURNING id`,
    )
    .bind(orderId, TOTAL)
    .first<{ id: number }>();
  return { id: attempt?.id ?? 0, order_id: orderId };
}

/**
 * The database as seen by a call that loses its race `times` times: each time the state machine has read the order,
 * another writer changes it (its status_seq moves on) before the move's batch runs.
 */
function losingRaces(db: D1Database, orderId: number, times: number): ApiDatabase {
  let left = times;
  const bump = () => db.prepare("UPDATE orders SET status_seq = status_seq + 1 WHERE id = ?1").bind(orderId).run();
  return {
    batch: (statements) => db.batch(statements),
    prepare: (query) => {
      const statement = db.prepare(query);
      if (!query.startsWith("SELECT id, status, status_seq")) return statement;
      return {
        bind: (...values: unknown[]) => {
          const bound = statement.bind(...values);
          return {
            first: async () => {
              const row = await bound.first();
              if (left > 0) {
                left -= 1;
                await bump();
              }
              return row;
            },
          } as unknown as D1PreparedStatement;
        },
      } as unknown as D1PreparedStatement;
    },
  };
}

const rowOf = (db: D1Database, attemptId: number, orderId: number) =>
  db
    .prepare(
      `SELECT a.state, a.refund_needed, a.settled_by IS NOT NULL AS settled, o.status,
              o.refund_needed_at IS NOT NULL AS refund_marked
         FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.id = ?1 AND o.id = ?2`,
    )
    .bind(attemptId, orderId)
    .first();

describe("a settlement whose order changes under it (the move's compare-and-set loses its race)", () => {
  it("marks the attempt paid only with the order's move: a lost race leaves it for the gateway's retry", async () => {
    const db = await d1.fresh();
    const attempt = await orderWithAttempt(db, 1);
    const writes = writesFor(TEST_CONFIG);
    // Lost on every try: nothing is committed, neither the order's move nor the attempt's mark.
    await expect(settlePaid(losingRaces(db, attempt.order_id, 5), attempt, proof, NOW, writes)).rejects.toThrow(
      /kept changing/,
    );
    expect(await rowOf(db, attempt.id, attempt.order_id)).toMatchObject({ state: "open", settled: 0, status: 1 });
    // So the gateway's retry settles it, rather than reading as a repeat.
    expect(await settlePaid(db, attempt, proof, NOW, writes)).toBe("paid");
    expect(await rowOf(db, attempt.id, attempt.order_id)).toMatchObject({ state: "paid", status: 5 });
    expect(await settlePaid(db, attempt, proof, NOW, writes)).toBe("repeat");
  });

  it("settles on the next try after one lost race", async () => {
    const db = await d1.fresh();
    const attempt = await orderWithAttempt(db, 1);
    const writes = writesFor(TEST_CONFIG);
    expect(await settlePaid(losingRaces(db, attempt.order_id, 1), attempt, proof, NOW, writes)).toBe("paid");
    expect(await rowOf(db, attempt.id, attempt.order_id)).toMatchObject({ state: "paid", status: 5 });
  });

  it("records a refund (an ended order) with the order's refund mark or not at all", async () => {
    const db = await d1.fresh();
    const attempt = await orderWithAttempt(db, 2);
    const writes = writesFor(TEST_CONFIG);
    await expect(settlePaid(losingRaces(db, attempt.order_id, 5), attempt, proof, NOW, writes)).rejects.toThrow(
      /kept changing/,
    );
    expect(await rowOf(db, attempt.id, attempt.order_id)).toMatchObject({
      state: "open",
      refund_needed: 0,
      settled: 0,
      refund_marked: 0,
    });
    expect(await settlePaid(db, attempt, proof, NOW, writes)).toBe("refund-needed");
    expect(await rowOf(db, attempt.id, attempt.order_id)).toMatchObject({
      state: "paid",
      refund_needed: 1,
      status: 2,
      refund_marked: 1,
    });
    // One lost race, then recorded on the next try.
    const again = await orderWithAttemptOf(db, attempt.order_id);
    expect(await settlePaid(losingRaces(db, attempt.order_id, 1), again, proof, NOW, writes)).toBe("refund-needed");
    expect(await rowOf(db, again.id, attempt.order_id)).toMatchObject({ state: "paid", refund_needed: 1 });
  });

  it("records a payment of the wrong amount with the order's refund mark or not at all", async () => {
    const db = await d1.fresh();
    const attempt = await orderWithAttempt(db, 1);
    const writes = writesFor(TEST_CONFIG);
    const wrong = { tradeNo: proof.tradeNo, payTime: proof.payTime, amount: TOTAL - 100 };
    await expect(settleWrongAmount(losingRaces(db, attempt.order_id, 5), attempt, wrong, NOW, writes)).rejects.toThrow(
      /kept changing/,
    );
    expect(await rowOf(db, attempt.id, attempt.order_id)).toMatchObject({
      state: "open",
      refund_needed: 0,
      settled: 0,
      status: 1,
      refund_marked: 0,
    });
    expect(await settleWrongAmount(db, attempt, wrong, NOW, writes)).toBe("refund-needed");
    expect(await rowOf(db, attempt.id, attempt.order_id)).toMatchObject({
      state: "failed",
      refund_needed: 1,
      status: 3,
      refund_marked: 1,
    });
  });
});

/** A second attempt of the order (a 重新付款), open. */
async function orderWithAttemptOf(db: D1Database, orderId: number) {
  const row = await db
    .prepare(
      `INSERT INTO payment_attempts (order_id, attempt, merchant_order_no, amount, created_at, state, deadline_at,
                                     next_check_at)
       VALUES (?1, 2, 'BK20261123000001A2', ?2, '2026-11-23T11:01:00Z', 'open', '2026-11-23T11:16:00Z',
               '2026-11-23T11:03:00Z')
       RETURNING id`,
    )
    .bind(orderId, TOTAL)
    .first<{ id: number }>();
  return { id: row?.id ?? 0, order_id: orderId };
}

describe("kept claims of a payment of another amount", () => {
  /** The attempt `n` of the order (BK…A<n>, deadline 11:15), with a claim of another amount due at `due`. */
  async function claimOn(db: D1Database, orderId: number, n: number, due: string | null) {
    const row = await db
      .prepare(
        `INSERT INTO payment_attempts (order_id, attempt, merchant_order_no, amount, created_at, state, deadline_at,
                                       next_check_at, claimed_amount, claim_next_check_at)
         VALUES (?1, ?2, ?3, ?4, '2026-11-23T11:00:00Z', 'failed', '2026-11-23T11:15:00Z', '2026-11-23T11:02:00Z',
                 ?5, ?6)
         RETURNING id`,
      )
      .bind(orderId, n, `BK20261123000001A${n}`, TOTAL, TOTAL - 100, due)
      .first<{ id: number }>();
    return row?.id ?? 0;
  }

  it("are taken when due, the longest due first (one kept before migration 0026 at once), at most `limit`", async () => {
    const db = await d1.fresh();
    const { order_id } = await orderWithAttempt(db, 3);
    const soon = await claimOn(db, order_id, 2, "2026-11-23T11:04:00Z");
    const notYet = await claimOn(db, order_id, 3, "2026-11-23T11:06:00Z");
    const long = await claimOn(db, order_id, 4, "2026-11-23T10:30:00Z");
    const old = await claimOn(db, order_id, 5, null);
    const ids = async (limit: number) => (await attemptsWithClaims(db, NOW, limit)).map((claim) => claim.id);
    expect(await ids(10)).toEqual([old, long, soon]);
    expect(await ids(2)).toEqual([old, long]);
    expect(await ids(10)).not.toContain(notYet);
  });

  it("are kept due at the time asked, and not past CLAIM_WINDOW_MS after the attempt's deadline", async () => {
    const db = await d1.fresh();
    const attempt = await orderWithAttempt(db, 1);
    // Its deadline as the store writes one (toISOString), compared as text like next_check_at.
    await db.prepare("UPDATE payment_attempts SET deadline_at = '2026-11-23T11:15:00.000Z'").run();
    const due = new Date("2026-11-23T11:07:00Z");
    expect(await keepClaimedAmount(db, attempt.id, TOTAL - 100, NOW, due)).toBe(true);
    expect((await attemptsWithClaims(db, new Date("2026-11-23T11:06:59Z"), 10)).map((claim) => claim.id)).toEqual([]);
    expect(await attemptsWithClaims(db, due, 10)).toMatchObject([{ id: attempt.id, claimed_amount: TOTAL - 100 }]);
    // 24 hours after the deadline (11:15) and later, a claim is not kept.
    const late = new Date("2026-11-24T11:15:00Z");
    expect(await keepClaimedAmount(db, attempt.id, TOTAL - 50, late, late)).toBe(false);
    expect(await attemptsWithClaims(db, late, 10)).toMatchObject([{ claimed_amount: TOTAL - 100 }]);
  });

  it("keep their back-off when a notify of the same claim comes again; another amount starts afresh", async () => {
    const db = await d1.fresh();
    const attempt = await orderWithAttempt(db, 1);
    await db.prepare("UPDATE payment_attempts SET deadline_at = '2026-11-23T11:15:00.000Z'").run();
    const backedOff = new Date("2026-11-23T12:00:00Z");
    expect(await keepClaimedAmount(db, attempt.id, TOTAL - 100, NOW, backedOff)).toBe(true);
    await db.prepare("UPDATE payment_attempts SET claim_checks = 4").run();
    const row = () =>
      db
        .prepare("SELECT claimed_amount, claim_checks, claim_next_check_at FROM payment_attempts WHERE id = ?1")
        .bind(attempt.id)
        .first();
    // The same claim again, with a later first due time: its count and its sooner due time stay.
    expect(await keepClaimedAmount(db, attempt.id, TOTAL - 100, NOW, new Date("2026-11-23T13:00:00Z"))).toBe(true);
    expect(await row()).toEqual({
      claimed_amount: TOTAL - 100,
      claim_checks: 4,
      claim_next_check_at: backedOff.toISOString(),
    });
    // Another amount is another claim.
    const due = new Date("2026-11-23T11:07:00Z");
    expect(await keepClaimedAmount(db, attempt.id, TOTAL - 50, NOW, due)).toBe(true);
    expect(await row()).toEqual({
      claimed_amount: TOTAL - 50,
      claim_checks: 0,
      claim_next_check_at: due.toISOString(),
    });
  });
});
