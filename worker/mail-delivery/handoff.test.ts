// Handing mail to the queue after the batch that wrote it: the row is queued and says when; a queue send that fails
// leaves it 'written' for the cron. Through the built-in API: the recovery routes hand on the mail they wrote, the
// code and the pause notice alike, after the reply.
import { describe, expect, it } from "vitest";
import { builtInApi } from "../api";
import { RECOVERY_CODES_PER_DAY } from "../api/auth/recovery-code";
import { queueMail } from "../api/mail";
import { TEST_CONFIG, testD1 } from "../api/testing/d1-harness";
import { handOffMail } from "./handoff";
import type { OutboxMessage } from "./queue-message";

const d1 = testD1();
const T0 = Date.UTC(2026, 10, 26);

/** A queue that keeps what it is sent, or refuses every send. */
function fakeQueue(refuse = false) {
  const sent: OutboxMessage[] = [];
  const queue = {
    async sendBatch(messages: Iterable<{ body: OutboxMessage }>) {
      if (refuse) throw new Error("queue unavailable");
      for (const message of messages) sent.push(message.body);
    },
  } as unknown as Queue<OutboxMessage>;
  return { queue, sent };
}

const statusOf = async (db: D1Database, id: number) =>
  db.prepare("SELECT status, queued_at FROM mail_outbox WHERE id = ?1").bind(id).first();

describe("handing mail to the queue", () => {
  it("sends each outbox id and marks the rows queued", async () => {
    const db = await d1.fresh();
    const ids = [await queueMail(db, { to: "a@example.com", subject: "s", text: "b", html: "<p>b</p>" })];
    ids.push(await queueMail(db, { to: "b@example.com", subject: "s", text: "b", html: "<p>b</p>" }));
    const { queue, sent } = fakeQueue();
    expect(await handOffMail(db, queue, ids, T0)).toEqual({ queued: 2 });
    expect(sent).toEqual(ids.map((outboxId) => ({ outboxId })));
    for (const id of ids) expect(await statusOf(db, id)).toEqual({ status: "queued", queued_at: T0 });
  });

  it("leaves the row written when the queue refuses, or when there is no queue", async () => {
    const db = await d1.fresh();
    const id = await queueMail(db, { to: "a@example.com", subject: "s", text: "b", html: "<p>b</p>" });
    expect(await handOffMail(db, fakeQueue(true).queue, [id], T0)).toEqual({ queued: 0 });
    expect(await handOffMail(db, undefined, [id], T0)).toEqual({ queued: 0 });
    expect(await statusOf(db, id)).toEqual({ status: "written", queued_at: null });
  });

  it("does not move a row the consumer already claimed back to queued", async () => {
    const db = await d1.fresh();
    const id = await queueMail(db, { to: "a@example.com", subject: "s", text: "b", html: "<p>b</p>" });
    await db.prepare("UPDATE mail_outbox SET status = 'sent' WHERE id = ?1").bind(id).run();
    await handOffMail(db, fakeQueue().queue, [id], T0);
    expect(await statusOf(db, id)).toEqual({ status: "sent", queued_at: T0 });
  });
});

describe("the routes that write mail", () => {
  it("hand the welcome, the code mail and the pause notice to the queue once their batch has committed", async () => {
    const db = await d1.fresh();
    const { queue, sent } = fakeQueue();
    const call = async (path: string, body: unknown) => {
      const res = await builtInApi.request(
        `http://shop.test/api/frontend${path}`,
        { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
        { DB: db, config: TEST_CONFIG, MAIL_QUEUE: queue },
      );
      return ((await res.json()) as { code: number }).code;
    };
    expect(await call("/member/register", { email: "a@example.com", password: "Lotus2026", name: "甲" })).toBe(1);
    expect(await call("/member/recovery/code", { email: "a@example.com" })).toBe(1);
    const rows = async () =>
      (await db.prepare("SELECT id, subject, status FROM mail_outbox ORDER BY id").all<{ id: number }>()).results;
    const [welcome, code] = await rows();
    expect(welcome).toMatchObject({ subject: "歡迎加入覺林書房", status: "queued" });
    expect(code).toMatchObject({ subject: "覺林書房 密碼重設驗證碼", status: "queued" });
    expect(sent).toEqual([{ outboxId: welcome?.id }, { outboxId: code?.id }]);
    // Used up at once: the codes' cap counts one a minute, so the count is set as if they had been sent.
    await db.prepare("UPDATE recovery_limits SET codes_sent = ?1, last_code_at = 0").bind(RECOVERY_CODES_PER_DAY).run();
    expect(await call("/member/recovery/code", { email: "a@example.com" })).toBe(7);
    const [, , notice] = await rows();
    expect(notice).toMatchObject({ subject: "覺林書房 密碼重設已暫停", status: "queued" });
    expect(sent).toEqual([{ outboxId: welcome?.id }, { outboxId: code?.id }, { outboxId: notice?.id }]);
  });
});
