// Activities: upcoming ones soonest first, past ones latest first. Times are ISO 8601 UTC strings of one length,
// so comparing them as text compares them as times.
import type { ApiDatabase, Schemas } from "../types";
import { pageOf, totalOf } from "./paging";

type ActivityWhen = "upcoming" | "past" | "all";

interface ActivityRow {
  id: number;
  title: string;
  summary: string;
  cover_url: string;
  cover_width: number;
  cover_height: number;
  venue: string;
  is_online: number;
  starts_at: string;
  ends_at: string;
  fee: number;
}

const SUMMARY_COLUMNS =
  "id, title, summary, cover_url, cover_width, cover_height, venue, is_online, starts_at, ends_at, fee";

// ?1 is always the current time.
const WHEN: Record<ActivityWhen, { where: string; order: string }> = {
  upcoming: { where: "WHERE ends_at >= ?1", order: "starts_at, id" },
  past: { where: "WHERE ends_at < ?1", order: "starts_at DESC, id DESC" },
  all: {
    where: "WHERE ?1 = ?1",
    order: "(ends_at < ?1), CASE WHEN ends_at >= ?1 THEN starts_at END, starts_at DESC, id DESC",
  },
};

export function activityState(startsAt: string, endsAt: string, now: string): Schemas["ActivityState"] {
  if (endsAt < now) return "ended";
  return startsAt <= now ? "ongoing" : "upcoming";
}

function toSummary(row: ActivityRow, now: string): Schemas["ActivitySummary"] {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: { url: row.cover_url, width: row.cover_width, height: row.cover_height, alt: `${row.title} 活動圖片` },
    venue: row.venue,
    is_online: row.is_online === 1,
    starts_at: row.starts_at,
    ends_at: row.ends_at,
    fee: row.fee,
    state: activityState(row.starts_at, row.ends_at, now),
  };
}

export async function listActivities(
  db: ApiDatabase,
  {
    when,
    page,
    perPage,
    now = new Date().toISOString(),
  }: { when: ActivityWhen; page: number; perPage: number; now?: string },
): Promise<Schemas["ActivityPage"]> {
  const { where, order } = WHEN[when];
  const [rows, count] = await db.batch([
    db
      .prepare(`SELECT ${SUMMARY_COLUMNS} FROM activities ${where} ORDER BY ${order} LIMIT ?2 OFFSET ?3`)
      .bind(now, perPage, (page - 1) * perPage),
    db.prepare(`SELECT COUNT(*) AS total FROM activities ${where}`).bind(now),
  ]);
  const items = ((rows?.results ?? []) as ActivityRow[]).map((row) => toSummary(row, now));
  return pageOf(items, page, perPage, totalOf(count));
}

export async function findActivity(
  db: ApiDatabase,
  id: number,
  now = new Date().toISOString(),
): Promise<Schemas["ActivityDetail"] | null> {
  const row = await db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS}, body, address, capacity, registration_url, published_at FROM activities WHERE id = ?1`,
    )
    .bind(id)
    .first<
      ActivityRow & {
        body: string;
        address: string | null;
        capacity: number | null;
        registration_url: string | null;
        published_at: string;
      }
    >();
  if (!row) return null;
  return {
    ...toSummary(row, now),
    body: JSON.parse(row.body) as string[],
    address: row.address,
    capacity: row.capacity,
    registration_url: row.registration_url,
    published_at: row.published_at,
  };
}
