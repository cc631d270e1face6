// Reading `?page=` of any listing: the API serves pages 1 to 1000; anything else (missing, not a whole number, out
// of range) is the first page, so a mistyped or stale link still answers.
export const PAGE_MAX = 1000;

export function parsePage(raw: string | null | undefined): number {
  if (!raw || !/^\d{1,4}$/.test(raw)) return 1;
  const page = Number(raw);
  return page >= 1 && page <= PAGE_MAX ? page : 1;
}
