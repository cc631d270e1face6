// A D1Database over node:sqlite with the real migrations, for unit tests of queries (only what they use:
// prepare/bind/first/all/run, batch as one transaction, and withSession over the same database with a bookmark that
// counts the session's statements). Not for production code.
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";

const MIGRATIONS = new URL("../migrations/", import.meta.url);

class Statement {
  constructor(
    private readonly db: DatabaseSync,
    private readonly sql: string,
    private readonly values: SQLInputValue[] = [],
  ) {}

  bind(...values: unknown[]) {
    return new Statement(this.db, this.sql, values as SQLInputValue[]);
  }

  execute() {
    const rows = this.db.prepare(this.sql).all(...this.values) as Record<string, unknown>[];
    const changes = Number((this.db.prepare("SELECT changes() AS n").get() as { n: number }).n);
    return { results: rows.map((row) => ({ ...row })), success: true, meta: { changes } };
  }

  async first<T>() {
    return (this.execute().results[0] as T | undefined) ?? null;
  }

  async all<T>() {
    return this.execute() as unknown as { results: T[] };
  }

  async run() {
    return this.execute();
  }
}

export function sqliteD1(): D1Database {
  const db = new DatabaseSync(":memory:");
  for (const file of readdirSync(MIGRATIONS)
    .filter((f) => f.endsWith(".sql"))
    .sort()) {
    db.exec(readFileSync(new URL(file, MIGRATIONS), "utf8"));
  }
  const d1 = {
    prepare: (sql: string) => new Statement(db, sql),
    async batch(statements: Statement[]) {
      db.exec("BEGIN");
      try {
        const results = statements.map((statement) => statement.execute());
        db.exec("COMMIT");
        return results;
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
  };
  let statements = 0;
  const bookmark = () => `00000000-00000000-${statements.toString(16).padStart(8, "0")}-${"0".repeat(32)}`;
  const withSession = () => ({
    prepare: (sql: string) => {
      statements += 1;
      return d1.prepare(sql);
    },
    batch: (list: Statement[]) => {
      statements += list.length;
      return d1.batch(list);
    },
    getBookmark: bookmark,
  });
  return { ...d1, withSession } as unknown as D1Database;
}
