// One page of a listing, as every paged reply of the contract has it.
export function pageOf<T>(items: T[], page: number, perPage: number, total: number) {
  return { items, page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}

/** The `total` of a `SELECT COUNT(*) AS total` result in a batch. */
export function totalOf(result: D1Result | undefined): number {
  return (result?.results[0] as { total: number } | undefined)?.total ?? 0;
}
