// Dates and prices as Taiwanese readers write them. Dates are always in Taipei time (UTC+8, no daylight saving), on
// server and browser alike so hydration matches.
import { groupThousands } from "~/domain/thousands";

const TAIPEI_OFFSET_MS = 8 * 60 * 60 * 1000;
const WEEKDAYS = "日一二三四五六";

function taipeiParts(iso: string) {
  const d = new Date(new Date(iso).getTime() + TAIPEI_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: WEEKDAYS[d.getUTCDay()] ?? "",
    time: `${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`,
  };
}

/** 2026/11/23 */
export function formatDate(iso: string): string {
  const { year, month, day } = taipeiParts(iso);
  return `${year}/${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}`;
}

/** 2026/11/23（一）14:00 */
export function formatDateTime(iso: string): string {
  const p = taipeiParts(iso);
  return `${formatDate(iso)}（${p.weekday}）${p.time}`;
}

/** An activity's time: one day `2026/11/23（一）14:00–16:00`, or several `2026/11/23（一）09:00 – 2026/11/25（三）17:00`. */
export function formatTimeRange(startsAt: string, endsAt: string): string {
  const sameDay = formatDate(startsAt) === formatDate(endsAt);
  return sameDay
    ? `${formatDateTime(startsAt)}–${taipeiParts(endsAt).time}`
    : `${formatDateTime(startsAt)} – ${formatDateTime(endsAt)}`;
}

/** NT$ without decimals, with thousands separators: NT$1,280. */
export function formatPrice(amount: number): string {
  return `NT$${groupThousands(amount)}`;
}
