// A moment as the API answers it: Taiwan's local time with its offset (2025-03-12T10:16:30+08:00), as the payment
// times and the contract's examples are, whatever form the database keeps it in (UTC ISO text).

const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** `iso` in Taiwan time with +08:00, to the second; a value that is not a time is given back unchanged. */
export function inTaipeiTime(iso: string): string {
  const moment = Date.parse(iso);
  if (Number.isNaN(moment)) return iso;
  return `${new Date(moment + TAIPEI_OFFSET_MS).toISOString().slice(0, 19)}+08:00`;
}
