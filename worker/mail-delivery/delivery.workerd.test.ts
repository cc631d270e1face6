// Mail delivery on workerd with Miniflare's own parts: the queue broker (retries, delays, the dead-letter queue), D1
// and the send_email binding, which keeps what it was given in its local explorer. delivery.harness.ts runs the
// worker's queue and scheduled handlers, with a binding that refuses some addresses on purpose.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queueMail } from "../api/mail";
import { applyMigrations } from "../api/testing/d1-harness";
import { SCRUBBED_BODY } from "./outbox";
import { MAIL_DEAD_LETTER_QUEUE, MAIL_QUEUE, type OutboxMessage } from "./queue-message";

vi.setConfig({ testTimeout: 30_000 });

const FROM = "store@example.com";
const REPLY_TO = "service@example.com";

let mf: Miniflare;
/** Miniflare's own address: the worker reaches the local explorer on its request's origin, as under wrangler dev. */
let origin: URL;
let db: D1Database;
let queue: Queue<OutboxMessage>;
/** What the worker logged. */
const logged: string[] = [];

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL("./delivery.harness.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    platform: "neutral",
    // Node built-ins (the logger's node:async_hooks) and cloudflare:workers are workerd's own.
    external: ["node:*", "cloudflare:*"],
    mainFields: ["module", "main"],
    target: "es2022",
    define: { __BUILD_ID__: JSON.stringify("test-build"), __BUILD_TIMESTAMP__: "0" },
    write: false,
  });
  const text = (value: string) => ({ type: "text" as const, value });
  mf = new Miniflare({
    unsafeLocalExplorer: true,
    workers: [
      {
        config: {
          name: "mail-delivery-harness",
          compatibilityDate: "2026-10-01",
          compatibilityFlags: ["nodejs_compat"],
          manifest: {
            mainModule: "harness.js",
            modules: { "harness.js": { type: "esm", contents: bundle.outputFiles[0]?.text ?? "" } },
          },
          env: {
            DB: { type: "d1", id: "mail-delivery-test" },
            MAIL_QUEUE: { type: "queue", name: MAIL_QUEUE },
            EMAIL: { type: "send-email" },
            SITE_DESCRIPTION: text("歡迎光臨"),
            MAIL_FROM: text(FROM),
            MAIL_REPLY_TO: text(REPLY_TO),
            MAIL_RETRY_BASE_SECONDS: text("0"),
            DEV_MAILBOX: text("on"),
          },
          // As wrangler.toml's [[queues.consumers]], without the waits.
          triggers: [
            {
              type: "queue",
              name: MAIL_QUEUE,
              maxBatchSize: 10,
              maxBatchTimeout: 0,
              maxRetries: 3,
              retryDelay: 0,
              deadLetterQueue: MAIL_DEAD_LETTER_QUEUE,
            },
            { type: "queue", name: MAIL_DEAD_LETTER_QUEUE, maxBatchSize: 10, maxBatchTimeout: 0, maxRetries: 0 },
          ],
        },
      },
    ],
    handleStructuredLogs: ({ message }) => logged.push(message),
  });
  origin = await mf.ready;
  db = (await mf.getD1Database("DB")) as unknown as D1Database;
  await applyMigrations(db);
  queue = (await mf.getQueueProducer<OutboxMessage>("MAIL_QUEUE")) as unknown as Queue<OutboxMessage>;
}, 60_000);

afterAll(async () => {
  await mf?.dispose();
});

interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  html: string | null;
  status: string;
  attempts: number;
  queued_at: number | null;
  sent_at: number | null;
  provider_message_id: string | null;
  failure_reason: string | null;
}

const rowOf = async (id: number) =>
  (await db.prepare("SELECT * FROM mail_outbox WHERE id = ?1").bind(id).first<OutboxRow>()) as OutboxRow;

/** The row once its status is one of `statuses`. */
async function settled(id: number, statuses = ["sent", "failed"]): Promise<OutboxRow> {
  let row = await rowOf(id);
  await vi.waitFor(
    async () => {
      row = await rowOf(id);
      expect(statuses).toContain(row.status);
    },
    { timeout: 15_000, interval: 50 },
  );
  return row;
}

interface SentMail {
  to: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  messageId: string;
  headers: Record<string, string>;
}

/** What the send_email binding was given for `to`, from its local explorer. */
async function sentTo(to: string): Promise<SentMail[]> {
  const res = await mf.dispatchFetch("http://localhost/cdn-cgi/local/explorer/api/local/email/sending?per_page=100", {
    headers: { "X-Miniflare-Explorer-No-Aggregate": "true" },
  });
  const listed = (await res.json()) as { result: SentMail[] };
  return listed.result.filter((mail) => mail.to.includes(to));
}

/** The text and HTML the binding was given for its message `messageId`. */
async function sentContent(messageId: string): Promise<{ text?: string; html?: string }> {
  const res = await mf.dispatchFetch(
    `http://localhost/cdn-cgi/local/explorer/api/local/email/sending?email_id=${encodeURIComponent(messageId)}`,
    { headers: { "X-Miniflare-Explorer-No-Aggregate": "true" } },
  );
  return ((await res.json()) as { result: { text?: string; html?: string } }).result;
}

const linesAbout = (id: number) =>
  logged.filter((line) => line.includes('"where":"mail-delivery"') && line.includes(`"outbox_id":${id},`));

describe("the mail queue's consumer", () => {
  it("sends a mail through the binding once, from the store, and keeps no code in D1 afterwards", async () => {
    const to = "reader@example.org";
    const id = await queueMail(db, {
      to,
      subject: "覺林書房 密碼重設驗證碼",
      text: "您的驗證碼是 1234567890，10 分鐘內有效。",
      html: "<p>您的驗證碼是 <b>1234567890</b></p>",
      secret: true,
    });
    expect((await rowOf(id)).status).toBe("written");
    await queue.send({ outboxId: id });
    const row = await settled(id);
    expect(row).toMatchObject({ status: "sent", attempts: 1, failure_reason: null, body: SCRUBBED_BODY, html: null });
    expect(row.sent_at).toBeGreaterThan(0);
    expect(JSON.stringify(row)).not.toContain("1234567890");
    const [mail, ...more] = await sentTo(to);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ subject: "覺林書房 密碼重設驗證碼", replyTo: REPLY_TO });
    expect(mail?.from).toContain(FROM);
    expect(mail?.headers).toMatchObject({ "X-Outbox-Id": String(id) });
    expect(row.provider_message_id).toBe(mail?.messageId);
    expect(await sentContent(mail?.messageId ?? "")).toMatchObject({
      text: "您的驗證碼是 1234567890，10 分鐘內有效。",
      html: "<p>您的驗證碼是 <b>1234567890</b></p>",
    });
    // Nothing logged names the address or the code.
    expect(logged.join("\n")).not.toContain(to);
    expect(logged.join("\n")).not.toContain("1234567890");
  });

  it("keeps the text of a mail that is not secret", async () => {
    const id = await queueMail(db, {
      to: "plain@example.org",
      subject: "密碼重設已暫停",
      text: "暫停到明天",
      html: "<p>暫停到明天</p>",
    });
    await queue.send({ outboxId: id });
    expect(await settled(id)).toMatchObject({ status: "sent", body: "暫停到明天", html: "<p>暫停到明天</p>" });
  });

  it("retries a mail the binding refused for a while, with the reason, and then delivers it once", async () => {
    const to = "flaky@example.org";
    const id = await queueMail(db, { to, subject: "付款完成", text: "已收到您的付款", html: "<p>已收到您的付款</p>" });
    await queue.send({ outboxId: id });
    const row = await settled(id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, failure_reason: null });
    expect(await sentTo(to)).toHaveLength(1);
    expect(linesAbout(id).map((line) => JSON.parse(line).event)).toEqual(["retry", "sent"]);
  });

  it("sends a mail handed on twice once", async () => {
    const to = "twice@example.org";
    const id = await queueMail(db, { to, subject: "訂單成立", text: "訂單 1", html: "<p>訂單 1</p>" });
    await queue.sendBatch([{ body: { outboxId: id } }, { body: { outboxId: id } }]);
    await queue.send({ outboxId: id });
    expect(await settled(id)).toMatchObject({ status: "sent", attempts: 1 });
    // The later messages find the row sent.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sentTo(to)).toHaveLength(1);
    expect((await rowOf(id)).attempts).toBe(1);
  });

  it("moves a mail that keeps failing to the dead-letter queue, marks it failed and logs one line", async () => {
    const to = "poison@example.org";
    const id = await queueMail(db, {
      to,
      subject: "驗證碼",
      text: "您的驗證碼是 5555555555",
      html: "<p>您的驗證碼是 5555555555</p>",
      secret: true,
    });
    await queue.send({ outboxId: id });
    const row = await settled(id, ["failed"]);
    // The first try and 3 retries, then the dead-letter queue.
    expect(row).toMatchObject({ status: "failed", attempts: 4, body: SCRUBBED_BODY, sent_at: null });
    expect(row.failure_reason).toBe("retries spent: the service is down for <address>");
    expect(await sentTo(to)).toEqual([]);
    const deadLetters = linesAbout(id).filter((line) => line.includes('"event":"dead letter"'));
    expect(deadLetters).toHaveLength(1);
    expect(JSON.parse(deadLetters[0] ?? "{}")).toMatchObject({ level: "error", outbox_id: id, attempts: 4 });
    expect(logged.join("\n")).not.toContain(to);
  });

  it("fails a mail the service will never take at once, without retries", async () => {
    const to = "suppressed@example.org";
    const id = await queueMail(db, { to, subject: "訂單成立", text: "訂單 2", html: "<p>訂單 2</p>" });
    await queue.send({ outboxId: id });
    const row = await settled(id, ["failed"]);
    expect(row).toMatchObject({ attempts: 1, failure_reason: "E_RECIPIENT_SUPPRESSED: recipient suppressed" });
    expect(linesAbout(id).map((line) => JSON.parse(line).event)).toEqual(["failed"]);
  });

  it("acknowledges a message that names no outbox row, and sends nothing", async () => {
    await queue.send({ outboxId: 999_999 });
    await (queue as unknown as Queue<unknown>).send({ nonsense: true });
    await vi.waitFor(() => expect(logged.some((line) => line.includes('"event":"not an outbox message"'))).toBe(true));
  });
});

describe("the cron", () => {
  // worker/scheduled.ts's RECONCILE_CRON (that module reads cloudflare:workers, which only workerd has).
  const runCron = async () => {
    const worker = (await mf.getWorker()) as unknown as {
      scheduled(options: { cron: string; scheduledTime: Date }): Promise<{ outcome: string }>;
    };
    return worker.scheduled({ cron: "*/5 * * * *", scheduledTime: new Date() });
  };

  it("hands on a mail written without a queue send, and one whose consumer died mid-send", async () => {
    const minutesAgo = (minutes: number) => Date.now() - minutes * 60_000;
    const written = await queueMail(
      db,
      { to: "unqueued@example.org", subject: "訂單成立", text: "訂單 3", html: "<p>訂單 3</p>" },
      minutesAgo(2),
    );
    const crashed = await queueMail(
      db,
      { to: "crashed@example.org", subject: "訂單成立", text: "訂單 4", html: "<p>訂單 4</p>" },
      minutesAgo(20),
    );
    await db
      .prepare("UPDATE mail_outbox SET status = 'sending', claimed_at = ?2, queued_at = ?2, attempts = 1 WHERE id = ?1")
      .bind(crashed, minutesAgo(10))
      .run();
    // Just written: left to the request that wrote it.
    const fresh = await queueMail(db, {
      to: "fresh@example.org",
      subject: "訂單成立",
      text: "訂單 5",
      html: "<p>訂單 5</p>",
    });
    // A retry with a long backoff (recordRetry: queued_at is when it is due), written long ago: not lost, left alone.
    const backingOff = await queueMail(
      db,
      { to: "later@example.org", subject: "訂單成立", text: "訂單 6", html: "<p>訂單 6</p>" },
      minutesAgo(120),
    );
    await db
      .prepare("UPDATE mail_outbox SET status = 'queued', queued_at = ?2, attempts = 2 WHERE id = ?1")
      .bind(backingOff, Date.now() + 60 * 60_000)
      .run();
    expect(await runCron()).toMatchObject({ outcome: "ok" });
    expect(await settled(written)).toMatchObject({ status: "sent", attempts: 1 });
    expect((await settled(written)).queued_at).toBeGreaterThan(0);
    // At least once: sent again after the stale claim.
    expect(await settled(crashed)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await sentTo("unqueued@example.org")).toHaveLength(1);
    expect((await rowOf(fresh)).status).toBe("written");
    expect(await rowOf(backingOff)).toMatchObject({ status: "queued", attempts: 2 });
  });
});

describe("the development mailbox", () => {
  it("shows what the binding was given for an address, newest first, in the shape the e2e helper reads", async () => {
    const to = "Mailbox@Example.org";
    const first = await queueMail(db, {
      to,
      subject: "一",
      text: "您的驗證碼是 1111111111",
      html: "<p>您的驗證碼是 1111111111</p>",
      secret: true,
    });
    const second = await queueMail(db, { to, subject: "二", text: "第二封", html: "<p>第二封</p>" });
    await queue.sendBatch([{ body: { outboxId: first } }, { body: { outboxId: second } }]);
    await settled(first);
    await settled(second);
    const res = await fetch(new URL("/_dev/mail?to=mailbox@example.org", origin));
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const mails = (await res.json()) as { id: number; subject: string; body: string; html: string | null }[];
    expect(mails.map(({ id, subject, body, html }) => ({ id, subject, body, html }))).toEqual([
      { id: second, subject: "二", body: "第二封", html: "<p>第二封</p>" },
      // The code is in what the binding was given, and no longer in D1.
      { id: first, subject: "一", body: "您的驗證碼是 1111111111", html: "<p>您的驗證碼是 1111111111</p>" },
    ]);
    const other = await fetch(new URL("/_dev/mail?to=nobody@example.org", origin));
    expect(await other.json()).toEqual([]);
  });
});
