// Catalogue labels of SPEC §3, exactly as written there (order statuses, pay types and categories: order-statuses.ts, pay-types.ts, categories.ts; invoice labels: app/features/orders/invoice-labels.ts).

export const CONTRIBUTOR_ROLE_LABEL = { 1: "作者", 2: "譯者", 3: "繪者", 4: "編者" } as const;
export type ContributorRole = keyof typeof CONTRIBUTOR_ROLE_LABEL;

export const PRODUCT_FORMAT_LABEL = { 1: "紙書", 2: "電子書", 3: "有聲書", 4: "商品" } as const;
export type ProductFormat = keyof typeof PRODUCT_FORMAT_LABEL;

/** Goods (商品, format 4) rather than a book of any kind: no ISBN, no contributors, introduced as goods. */
export const isGoodsFormat = (format: number) => format === 4;

export const NEWS_TYPE_LABEL = { 1: "活動快訊", 2: "系統公告", 3: "客服中心" } as const;

/** Contributors grouped by role in role order (作者, 譯者, 繪者, 編者), keeping their order within a role. */
export function groupContributorsByRole<T extends { role: ContributorRole }>(
  contributors: readonly T[],
): { role: ContributorRole; label: string; people: T[] }[] {
  const roles = Object.keys(CONTRIBUTOR_ROLE_LABEL).map(Number) as ContributorRole[];
  return roles
    .map((role) => ({
      role,
      label: CONTRIBUTOR_ROLE_LABEL[role],
      people: contributors.filter((c) => c.role === role),
    }))
    .filter((group) => group.people.length > 0);
}
