// A member's saved recipients. Setting one as default clears the others in the same batch.
import type { ApiDatabase, Schemas } from "../types";

export const MAX_RECIPIENTS = 10;

type RecipientInput = Schemas["RecipientInput"];

interface RecipientRow extends Omit<Schemas["Recipient"], "is_default"> {
  is_default: number;
}

const COLUMNS = "id, name, cellphone, area_type, country, city, area, address, area_code, tel_type, tel, is_default";

function toRecipient(row: RecipientRow): Schemas["Recipient"] {
  const recipient: Record<string, unknown> = { ...row, is_default: row.is_default === 1 };
  // Absent details are left out rather than sent as null, as the contract has them.
  for (const key of ["city", "area", "area_code", "tel_type", "tel"]) {
    if (recipient[key] === null) delete recipient[key];
  }
  return recipient as Schemas["Recipient"];
}

const values = (r: RecipientInput) => {
  const domestic = r.area_type === 0;
  return [
    r.name,
    r.cellphone,
    r.area_type,
    r.country,
    domestic ? (r.city ?? null) : null,
    domestic ? (r.area ?? null) : null,
    r.address,
    // A landline left empty (it is optional beside a 手機) is stored as none, so the reply leaves it out.
    domestic ? r.area_code || null : null,
    domestic ? (r.tel_type ?? null) : null,
    domestic ? r.tel || null : null,
    r.is_default ? 1 : 0,
  ];
};

export async function listRecipients(db: ApiDatabase, memberId: number): Promise<Schemas["Recipient"][]> {
  const { results } = await db
    .prepare(`SELECT ${COLUMNS} FROM recipients WHERE member_id = ?1 ORDER BY is_default DESC, id`)
    .bind(memberId)
    .all<RecipientRow>();
  return results.map(toRecipient);
}

export async function countRecipients(db: ApiDatabase, memberId: number): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM recipients WHERE member_id = ?1")
    .bind(memberId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Clears the member's default when the saved recipient becomes it (and, on update, only if it is theirs). */
function clearDefault(db: ApiDatabase, memberId: number, input: RecipientInput, updatingId: number | null = null) {
  return db
    .prepare(
      `UPDATE recipients SET is_default = 0
        WHERE member_id = ?1 AND ?2 = 1
          AND (?3 IS NULL OR EXISTS (SELECT 1 FROM recipients WHERE id = ?3 AND member_id = ?1))`,
    )
    .bind(memberId, input.is_default ? 1 : 0, updatingId);
}

export async function createRecipient(db: ApiDatabase, memberId: number, input: RecipientInput) {
  const [, inserted] = await db.batch([
    clearDefault(db, memberId, input),
    db
      .prepare(
        `INSERT INTO recipients (member_id, name, cellphone, area_type, country, city, area, address, area_code,
                                 tel_type, tel, is_default, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13) RETURNING ${COLUMNS}`,
      )
      .bind(memberId, ...values(input), new Date().toISOString()),
  ]);
  return toRecipient(inserted?.results[0] as RecipientRow);
}

export async function updateRecipient(db: ApiDatabase, memberId: number, id: number, input: RecipientInput) {
  const [, updated] = await db.batch([
    clearDefault(db, memberId, input, id),
    db
      .prepare(
        `UPDATE recipients SET name = ?3, cellphone = ?4, area_type = ?5, country = ?6, city = ?7, area = ?8,
                address = ?9, area_code = ?10, tel_type = ?11, tel = ?12, is_default = ?13
          WHERE id = ?1 AND member_id = ?2 RETURNING ${COLUMNS}`,
      )
      .bind(id, memberId, ...values(input)),
  ]);
  const row = updated?.results[0] as RecipientRow | undefined;
  return row ? toRecipient(row) : null;
}

export async function deleteRecipient(db: ApiDatabase, memberId: number, id: number): Promise<boolean> {
  const row = await db
    .prepare("DELETE FROM recipients WHERE id = ?1 AND member_id = ?2 RETURNING id")
    .bind(id, memberId)
    .first();
  return row !== null;
}
