// Generated bad input against every operation of openapi/frontend.yaml (tests/contract/support/bad-input.ts), as a
// guest and as a member of its own: never a 5xx, and every reply a { code, message } envelope with a Chinese message
// (or the redirect the contract documents). Seeded: PROPERTY_SEED=<n> replays a run; the seed is printed.
// Sign-in, registration, recovery, OAuth and checkout get a modest share (rate limits); no Origin header is sent.
// Named by what it checks, not by an operation: it covers every operation of the contract.

import fc from "fast-check";
import { API, registerMember } from "../support/fixtures";
import { type APIRequestContext, expect, test } from "../support/test";
import {
  contractOperations,
  described,
  type GeneratedRequest,
  type Operation,
  requestFor,
  strayRequest,
} from "./support/bad-input";

const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : Math.floor(Math.random() * 2 ** 31);
const CJK = /[\u3400-\u9fff]/;
/** The envelope code of a rate-limited reply (HTTP 429). */
const RATE_LIMITED = 7;

/** Operations that are rate-limited or costly per call: a few runs each. */
const MODEST = /^\/(member\/(register|login|password|recovery|oauth|identities\/link)|cart\/checkout)/;
const RUNS = Number(process.env.PROPERTY_RUNS) || 40;
const MODEST_RUNS = 3;
/** Requests in flight at once (the server shares two cores with the rest of the suite). */
const CONCURRENCY = 4;

const runsOf = (op: Operation) => (MODEST.test(op.path) ? MODEST_RUNS : RUNS);

/** Sends one request and throws when the reply breaks the property. */
async function check(context: APIRequestContext, op: Operation | null, req: GeneratedRequest) {
  const res = await context.fetch(req.url, {
    method: req.method,
    headers: req.headers,
    data: req.body,
    maxRedirects: 0,
    failOnStatusCode: false,
  });
  const status = res.status();
  const text = await res.text();
  const fail = (why: string) => {
    throw new Error(`${why}: HTTP ${status} ${text.slice(0, 300)}\n  for ${described(req)}\n  seed ${SEED}`);
  };
  if (status >= 500) fail("a 5xx");
  if (status >= 300 && status < 400) {
    if (!op?.redirects || !res.headers().location) fail("an undocumented redirect");
    return;
  }
  let envelope: { code?: unknown; message?: unknown };
  try {
    envelope = JSON.parse(text);
  } catch {
    return fail("not JSON");
  }
  if (typeof envelope?.code !== "number" || typeof envelope.message !== "string") fail("not an envelope");
  if (!CJK.test(String(envelope.message))) fail("a message without Chinese");
  if (status === 429 && envelope.code !== RATE_LIMITED) fail("a 429 without code 7");
}

/** Runs `tasks` with at most `limit` at a time; the first failure is thrown once all have settled. */
async function pooled(tasks: (() => Promise<void>)[], limit: number) {
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      await task?.().catch((error) => failures.push(error));
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  if (failures.length) throw failures[0];
}

const operations = contractOperations();

test("the contract's operations are all generated for", () => {
  expect(operations.length).toBeGreaterThan(50);
  expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(
    expect.arrayContaining(["GET /search", "POST /cart/checkout", "PUT /member/profile", "GET /products/{id}"]),
  );
});

for (const role of ["guest", "member"] as const) {
  test(`generated bad input never gets a 5xx, always a Chinese envelope (${role})`, async ({ playwright, baseURL }) => {
    test.setTimeout(120_000);
    test.info().annotations.push({ type: "seed", description: `PROPERTY_SEED=${SEED}` });
    console.info(`property test (${role}): seed ${SEED}; replay with PROPERTY_SEED=${SEED}`);
    const context = await playwright.request.newContext({ baseURL });
    try {
      if (role === "member") await registerMember(context);
      // Signing out would end the member's run early: the guest sends that one.
      const mine = operations.filter((op) => role === "guest" || op.path !== "/member/logout");
      let sent = 0;
      const property = (arbitrary: fc.Arbitrary<GeneratedRequest>, op: Operation | null, numRuns: number) => () =>
        fc.assert(
          fc.asyncProperty(arbitrary, async (req) => {
            sent++;
            await check(context, op, req);
          }),
          { seed: SEED, numRuns },
        );
      await pooled(
        [
          ...mine.map((op) => property(requestFor(op, API, role === "guest"), op, runsOf(op))),
          property(strayRequest(API, role === "member"), null, 2 * RUNS),
        ],
        CONCURRENCY,
      );
      console.info(`property test (${role}): ${sent} requests over ${mine.length} operations, seed ${SEED}`);
      expect(sent).toBeGreaterThanOrEqual(1_000);
      if (role === "member") {
        // Still the same member at the end: the run really was a member's.
        expect((await (await context.get(`${API}/member/profile`)).json()).code).toBe(1);
      }
    } finally {
      await context.dispose();
    }
  });
}
