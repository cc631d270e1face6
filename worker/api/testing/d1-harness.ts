// A real D1 database for the built-in API's unit tests: Miniflare's local D1 (the one `wrangler dev` runs, in
// workerd), holding every migration of worker/api/migrations in order, reached from the test's own Node process
// through Miniflare's D1 binding. Handlers run in Node through the API's Hono app (`callApi`), so a test needs no
// build; statements, batches (one transaction each), sessions, bookmarks and concurrency are D1's own. Test-only.
import { readdirSync, readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { afterAll, beforeAll, vi } from "vitest";
import { parseConfig, type WorkerConfig } from "../../config";
import { builtInApi } from "../index";
import type { ApiDatabase } from "../types";

const MIGRATIONS = new URL("../migrations/", import.meta.url);

/** The configuration the API's tests run with unless they need their own. */
export const TEST_CONFIG = parseConfig({ SITE_DESCRIPTION: "歡迎光臨", SITE_URL: "https://books.example.tw" });

/** Applies every migration in order. Local D1 runs a file of statements as one prepared query, triggers included. */
export async function applyMigrations(db: D1Database): Promise<void> {
  for (const file of readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith(".sql"))
    .sort()) {
    await db.prepare(readFileSync(new URL(file, MIGRATIONS), "utf8")).run();
  }
}

/** The statements that empty every table the migrations made (FTS5's own shadow tables are emptied through theirs). */
async function emptyingStatements(db: D1Database): Promise<D1PreparedStatement[]> {
  const { results } = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
    .all<{ name: string; sql: string }>();
  const virtual = results.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => `${t.name}_`);
  return results
    .filter((t) => !t.name.startsWith("_cf_") && !virtual.some((prefix) => t.name.startsWith(prefix)))
    .map((t) => db.prepare(`DELETE FROM "${t.name}"`));
}

export interface TestD1 {
  /** The database (Miniflare's D1 binding). */
  readonly db: D1Database;
  /** The database emptied back to freshly migrated, as a new one would be. */
  fresh(): Promise<D1Database>;
}

/**
 * One migrated D1 database for the test file: Miniflare starts before its first test and stops after its last.
 * A test (or a beforeEach) that needs an empty database asks `fresh()`, which empties every table in one batch.
 */
export function testD1(): TestD1 {
  // Every statement is a round trip to workerd (several for Miniflare's binding proxy): a test of many requests takes
  // seconds on a busy machine, more than Vitest's default 5 s.
  vi.setConfig({ testTimeout: 30_000 });
  let mf: Miniflare | undefined;
  let db: D1Database | undefined;
  let emptying: D1PreparedStatement[] = [];
  let dirty = false;
  beforeAll(async () => {
    mf = new Miniflare({
      workers: [
        {
          config: {
            name: "d1-harness",
            compatibilityDate: "2026-10-01",
            compatibilityFlags: ["nodejs_compat"],
            manifest: {
              mainModule: "harness.js",
              modules: { "harness.js": { type: "esm", contents: "export default { fetch: () => new Response() };" } },
            },
            env: { DB: { type: "d1", id: "api-unit-tests" } },
          },
        },
      ],
    });
    db = (await mf.getD1Database("DB")) as unknown as D1Database;
    await applyMigrations(db);
    emptying = await emptyingStatements(db);
  }, 60_000);
  afterAll(async () => {
    await mf?.dispose();
  });
  const current = () => {
    if (!db) throw new Error("testD1(): the database starts in beforeAll; use it inside a hook or a test");
    return db;
  };
  return {
    get db() {
      dirty = true;
      return current();
    },
    async fresh() {
      const database = current();
      // The foreign keys are checked at the batch's end, when every table is empty.
      if (dirty) await database.batch([database.prepare("PRAGMA defer_foreign_keys = ON"), ...emptying]);
      dirty = true;
      return database;
    },
  };
}

/** A request to the built-in API (`path` under /api/frontend), handled in this process on `db`. */
export function callApi(
  db: ApiDatabase,
  path: string,
  init: RequestInit = {},
  config: WorkerConfig = TEST_CONFIG,
): Promise<Response> {
  return Promise.resolve(builtInApi.request(`http://shop.test/api/frontend${path}`, init, { DB: db, config }));
}

/** An API reply as the route tests read it: the HTTP status and the envelope. */
export interface EnvelopeReply {
  status: number;
  body: { code: number; message: string; data?: { token?: string } | null };
}

/** A JSON call to the built-in API on `db`, with the member's token when given; the status and the envelope. */
export function jsonCaller(db: ApiDatabase) {
  return async (method: string, path: string, body?: unknown, token?: string): Promise<EnvelopeReply> => {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const res = await callApi(db, path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as EnvelopeReply["body"] };
  };
}
