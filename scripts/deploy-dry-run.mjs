#!/usr/bin/env node
// The worker as `wrangler deploy` would upload it, without uploading: a dry run on the build, then its size against
// Workers' script size limit (after gzip: 3 MiB on the free plan, 10 MiB on the paid plan). Fails when over.
// Works offline and without Cloudflare credentials (the test command runs it in CI).
//   node scripts/deploy-dry-run.mjs [--plan free|paid]
// It does not build: run `npm run build` first (the test command does).
import "./lib/project-env.mjs";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

const MIB = 1024 * 1024;
/** Workers' limits on the compressed script, by plan (developers.cloudflare.com/workers/platform/limits). */
const GZIP_LIMIT = { free: 3 * MIB, paid: 10 * MIB };
/** And on the script before compression, on every plan. */
const RAW_LIMIT = 64 * MIB;
const CONFIG = "build/server/wrangler.json";

const { values } = parseArgs({ options: { plan: { type: "string", default: "free" } } });
const limit = GZIP_LIMIT[values.plan];
if (!limit) {
  console.error(`Unknown plan "${values.plan}": use --plan free or --plan paid.`);
  process.exit(2);
}
if (!existsSync(CONFIG)) {
  console.error(`No build found (${CONFIG}): run \`npm run build\` first.`);
  process.exit(1);
}

const outdir = mkdtempSync(join(tmpdir(), "worker-dry-run-"));
try {
  const result = spawnSync("wrangler", ["deploy", "--dry-run", "--outdir", outdir, "-c", CONFIG], {
    encoding: "utf8",
    // No account lookups, no metrics: the dry run needs neither network nor credentials.
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", FORCE_COLOR: "0" },
  });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    console.error(`\nwrangler deploy --dry-run failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }

  // Every module wrangler would upload (the entry and what it imports); source maps and the README are not script.
  const modules = readdirSync(outdir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith(".map") && entry.name !== "README.md")
    .map((entry) => readFileSync(join(entry.parentPath, entry.name)));
  if (modules.length === 0) {
    console.error(`The dry run wrote no worker modules to ${outdir}.`);
    process.exit(1);
  }
  const raw = modules.reduce((sum, bytes) => sum + bytes.byteLength, 0);
  const gzip = modules.reduce((sum, bytes) => sum + gzipSync(bytes).byteLength, 0);
  // Wrangler prints its own estimate of the upload; the larger of the two figures is checked.
  const reported = /Total Upload: [\d.]+ KiB \/ gzip: ([\d.]+) KiB/.exec(result.stdout ?? "");
  const reportedGzip = reported ? Number(reported[1]) * 1024 : 0;
  const checked = Math.max(gzip, reportedGzip);

  const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
  const share = ((checked / limit) * 100).toFixed(1);
  console.info(
    `Worker: ${modules.length} modules, ${kib(raw)}, gzip ${kib(checked)}` +
      `${reported ? ` (wrangler: ${kib(reportedGzip)}, measured: ${kib(gzip)})` : ""}` +
      ` — ${share}% of the ${values.plan} plan's ${limit / MIB} MiB limit` +
      ` (free ${GZIP_LIMIT.free / MIB} MiB, paid ${GZIP_LIMIT.paid / MIB} MiB).`,
  );
  if (checked > limit) {
    console.error(`The worker is over the ${values.plan} plan's ${limit / MIB} MiB limit after gzip.`);
    process.exit(1);
  }
  if (raw > RAW_LIMIT) {
    console.error(`The worker is over Workers' ${RAW_LIMIT / MIB} MiB limit before compression.`);
    process.exit(1);
  }

  // The dry run lists the producers and the send_email binding but not the queue consumers: the built configuration
  // must carry each queue (mail, invoices), its consumer with its dead-letter queue, the dead-letter queue's consumer
  // and the binding (README, "Mail delivery" and "E-invoices").
  const built = JSON.parse(readFileSync(CONFIG, "utf8"));
  const consumers = built.queues?.consumers ?? [];
  const queueParts = (binding, queue) => [
    built.queues?.producers?.some((p) => p.binding === binding && p.queue === queue) ||
      `the producer ${binding} → ${queue}`,
    consumers.some((c) => c.queue === queue && c.dead_letter_queue === `${queue}-dlq`) ||
      `the consumer of ${queue} with its dead-letter queue`,
    consumers.some((c) => c.queue === `${queue}-dlq`) || `the consumer of ${queue}-dlq`,
  ];
  const missing = [
    ...queueParts("MAIL_QUEUE", "bookstore-mail"),
    ...queueParts("EINVOICE_QUEUE", "bookstore-einvoice"),
    built.send_email?.some((b) => b.name === "EMAIL") || "the send_email binding EMAIL",
  ].filter((found) => found !== true);
  if (missing.length > 0) {
    console.error(`${CONFIG} lacks ${missing.join(", ")}.`);
    process.exit(1);
  }
  console.info(
    "Queues: mail and invoices, each with its consumer and its dead-letter queue's consumer, and the send_email binding are there.",
  );
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
