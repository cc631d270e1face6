// Migration 0028's trigger writes the holding rule out in SQL (a migration cannot import it): this keeps its lists
// the same as the rule's own (app/features/orders/digital-holding.ts) and the digital categories.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CATEGORIES_OF_TYPE, digitalType } from "~/domain/categories";
import { HOLDING_ORDER_STATUSES } from "~/features/orders/digital-holding";

const byNumber = (a: number, b: number) => a - b;
const trigger = readFileSync(new URL("../migrations/0028_digital_held_once.sql", import.meta.url), "utf8");
const listAfter = (marker: string) => {
  const list = new RegExp(`${marker.replace(/[.()]/g, "\\$&")} IN \\(([\\d, ]+)\\)`).exec(trigger)?.[1];
  return (list ?? "").split(",").map(Number).sort(byNumber);
};

describe("migration 0028's guard against holding an e-book twice", () => {
  it("takes the holding orders' statuses and the digital categories from the one rule", () => {
    expect(listAfter("o.status")).toEqual([...HOLDING_ORDER_STATUSES].sort(byNumber));
    expect(listAfter("WHERE id = NEW.product_id)")).toEqual([...CATEGORIES_OF_TYPE[digitalType]].sort(byNumber));
  });
});
