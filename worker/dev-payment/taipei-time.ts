// Time as NewebPay writes it: Taipei's clock (UTC+8, no daylight saving), "2026-11-23 19:05:35".
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const TAIPEI_OFFSET_MS = 8 * HOUR_MS;

/** Taipei time as NewebPay writes it: "2026-11-23 19:05:35", `days` ahead. */
export function taipeiTime(now: Date, days = 0): string {
  return new Date(now.getTime() + TAIPEI_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 19).replace("T", " ");
}

/** The moment a Taipei day ("2026-11-30") ends, in ms. */
export const endOfTaipeiDay = (date: string) => Date.parse(`${date}T00:00:00+08:00`) + DAY_MS;
