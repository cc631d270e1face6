#!/usr/bin/env node
// Seeds the local D1 database with the deterministic catalogue: `npm run db:seed [-- --products N]`.
// Idempotent: it empties the catalogue tables first. Run `npm run db:migrate` before it.
import "./lib/project-env.mjs";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { authorCountFor, catalogueSql, SEED_TABLES } from "./seed/catalogue.mjs";
import { EDITORIAL_TABLES, editorialSql } from "./seed/editorial.mjs";
import { DEMO_MEMBER, MEMBER_TABLES, membersSql } from "./seed/members.mjs";
import { pagesSql } from "./seed/pages.mjs";

const { values } = parseArgs({
  options: { products: { type: "string", default: "600" }, "persist-to": { type: "string" } },
});
const productCount = Number(values.products);
if (!Number.isInteger(productCount) || productCount < 1) {
  console.error("--products must be a positive whole number");
  process.exit(2);
}

// Editorial dates are relative to the day of seeding, so there are always upcoming and past activities.
const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);

const statements = [
  ...[...MEMBER_TABLES, ...EDITORIAL_TABLES, ...SEED_TABLES, "pages"].map((t) => `DELETE FROM ${t};`),
  ...catalogueSql({ productCount }),
  ...editorialSql({ productCount, authorCount: authorCountFor(productCount), now: today }),
  ...pagesSql(),
  ...(await membersSql()),
];
mkdirSync("scripts/.seed", { recursive: true });
// One file per run: the test servers seed at the same time, and must not read each other's half-written file.
const file = `scripts/.seed/seed-${process.pid}.sql`;
writeFileSync(file, `${statements.join("\n")}\n`);

const args = ["d1", "execute", "DB", "--local", "--file", file];
if (values["persist-to"]) args.push("--persist-to", values["persist-to"]);
try {
  execFileSync("wrangler", args, { stdio: ["ignore", "ignore", "inherit"] });
} finally {
  rmSync(file, { force: true });
}
console.info(
  `Seeded ${productCount} products and the demo member ${DEMO_MEMBER.email} / ${DEMO_MEMBER.password} (${statements.length} statements) into the local D1 database.`,
);
