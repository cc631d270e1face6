#!/usr/bin/env node
// The time a reader waits from 送出訂單 to /order-complete, in real Chromium against a running storefront with the
// stand-in gateway (npm start): the order and the gateway form (送出訂單 → the gateway's page), and the payment's
// way back (付款成功 → notify → return → /order-complete rendered). Typing time is the reader's and is not counted.
// Figures only (p50 and p95 of each part and of both), never asserted.
//   node scripts/bench-checkout.mjs http://127.0.0.1:8787 [--runs 10]
// Registers one member per run on that server: local only. `npm run bench` imports the functions below to compare a
// server writing order mail with one that writes none.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";

/** The parts of a checkout that are timed, and how they are printed. */
export const CHECKOUT_PARTS = {
  toGateway: "送出訂單 → gateway page",
  back: "付款成功 → /order-complete",
  total: "送出訂單 → /order-complete",
};

/** Chromium as the bench runs it (CHROMIUM_PATH, default /usr/bin/chromium). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-quic"],
  });
}

/** A paper book that can be ordered, from the catalogue's first items. */
async function paperBook(base, request) {
  const ids = Array.from({ length: 80 }, (_, i) => i + 1);
  const items = (await (await request.post(`${base}/api/frontend/cart/summary`, { data: { id_list: ids } })).json())
    .data;
  const paper = items.find((i) => i.category_id === 1 && !i.is_pre_order && (i.quantity_max ?? 1) > 0);
  if (!paper) throw new Error("no orderable paper book in the catalogue");
  return paper.id;
}

/**
 * One reader's checkout on `base` (a new member, one paper book, credit card, 付款成功 at the stand-in gateway):
 * milliseconds of each part of CHECKOUT_PARTS, and the member's e-mail address. Each reader comes from an IPv6 /64
 * of its own, so the per-client rate limits (sign-up, checkout) are not what is measured.
 */
export async function checkoutRun(browser, base, index) {
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { "CF-Connecting-IP": `2001:db8:c0:${((Math.random() * 0x10000) | 0).toString(16)}::1` },
  });
  try {
    const page = await context.newPage();
    const email = `bench-checkout-${Date.now()}-${index}@example.com`;
    const registered = await page.request.post("/api/frontend/member/register", {
      data: { email, password: "Bench2026", name: "計時讀者" },
    });
    if ((await registered.json()).code !== 1) throw new Error("could not register a member");
    const paper = await paperBook(base, page.request);
    await page.goto("/");
    await page.evaluate((id) => localStorage.setItem("website-cart", JSON.stringify({ [id]: 1 })), paper);
    await page.goto("/cart?checkout=0");
    await page.waitForSelector("html[data-hydrated]");
    const field = (label) => page.getByLabel(label, { exact: true });
    await field("收件人").fill("王小明");
    await field("手機").fill("0912345678");
    await field("縣市").selectOption("臺北市");
    await field("鄉鎮市區").selectOption({ label: "中正區" });
    await field("地址").fill("重慶南路一段 1 號");
    await field("區碼").fill("02");
    await field("電話").fill("23456789");
    await page.getByRole("radio", { name: "信用卡付款", exact: true }).check();
    const submit = page.getByRole("button", { name: /^送出訂單/ });
    await submit.waitFor();

    const t0 = performance.now();
    await submit.click();
    await page.waitForURL((url) => url.pathname === "/_dev/payment/mpg_gateway");
    await page.getByRole("button", { name: "付款成功" }).waitFor();
    const t1 = performance.now();
    await page.getByRole("button", { name: "付款成功" }).click();
    await page.waitForURL((url) => url.pathname === "/order-complete");
    await page.getByRole("region", { name: "完成付款" }).waitFor();
    const t2 = performance.now();
    return { toGateway: t1 - t0, back: t2 - t1, total: t2 - t0, email };
  } finally {
    await context.close();
  }
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** p50 and p95 of each part of CHECKOUT_PARTS over `results` (checkoutRun's). */
export function checkoutStats(results) {
  return Object.fromEntries(
    Object.keys(CHECKOUT_PARTS).map((part) => {
      const sorted = results.map((r) => r[part]).sort((a, b) => a - b);
      return [part, { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) }];
    }),
  );
}

/** `runs` checkouts on `base`, after one that is not counted (the worker's isolate and the browser warm up). */
export async function benchCheckout(browser, base, runs) {
  await checkoutRun(browser, base, -1);
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await checkoutRun(browser, base, i));
  return results;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { runs: { type: "string", default: "10" } },
  });
  const base = (positionals[0] ?? "").replace(/\/+$/, "");
  if (!/^https?:\/\//.test(base)) {
    console.error("usage: node scripts/bench-checkout.mjs <base URL, e.g. http://127.0.0.1:8787> [--runs 10]");
    process.exit(2);
  }
  const runs = Math.min(Math.max(Number(values.runs) || 10, 1), 100);
  const browser = await launchBrowser();
  let results;
  try {
    results = await benchCheckout(browser, base, runs);
  } finally {
    await browser.close();
  }
  console.info(`checkout timing against ${base}, ${runs} runs (ms)`);
  const stats = checkoutStats(results);
  for (const [part, label] of Object.entries(CHECKOUT_PARTS)) {
    console.info(
      `  ${label.padEnd(28)} p50 ${stats[part].p50.toFixed(0).padStart(5)}   p95 ${stats[part].p95.toFixed(0).padStart(5)}`,
    );
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
