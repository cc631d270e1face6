import type { APIRequestContext } from "@playwright/test";

// Every route of SPEC §2 with a concrete path, its expected page title and layout.
export type LayoutKind = "default" | "guest" | "member" | "none";

export interface RouteCase {
  path: string;
  /** The page title before " - 覺林書房"; detail pages are titled by their content (any non-empty title). */
  title: string | RegExp;
  layout: LayoutKind;
}

/** A detail page's title is its item's (a news headline, an author's name…): checked by the page's own tests. */
const CONTENT_TITLE = /\S/;

export const SITE_TITLE = "覺林書房";

export const PUBLIC_ROUTES: RouteCase[] = [
  { path: "/", title: "首頁", layout: "default" },
  { path: "/about/cultural", title: "文化理念", layout: "default" },
  { path: "/about/history", title: "歷史沿革", layout: "default" },
  { path: "/about/milestone", title: "大事紀", layout: "default" },
  { path: "/activity/1", title: CONTENT_TITLE, layout: "default" },
  { path: "/activity/list", title: "活動列表", layout: "default" },
  { path: "/activity/welcome", title: "活動專區", layout: "default" },
  { path: "/article/1", title: CONTENT_TITLE, layout: "default" },
  { path: "/article/list", title: "文章列表", layout: "default" },
  { path: "/article/welcome", title: "文章專區", layout: "default" },
  { path: "/author/1", title: CONTENT_TITLE, layout: "default" },
  { path: "/cart", title: "購物車", layout: "default" },
  { path: "/instructions/customer-service", title: "客服中心", layout: "default" },
  { path: "/instructions/ebook", title: "電子書說明", layout: "default" },
  { path: "/instructions/faq", title: "常見問題", layout: "default" },
  { path: "/instructions/group-buying", title: "團體訂購", layout: "default" },
  { path: "/login", title: "會員登入", layout: "guest" },
  { path: "/news/1", title: CONTENT_TITLE, layout: "default" },
  { path: "/news/list", title: "最新消息", layout: "default" },
  { path: "/oauth/login", title: "第三方登入", layout: "none" },
  { path: "/oauth/register", title: "完成註冊", layout: "guest" },
  // Without an order number the page says none was named (app/routes/order-complete.tsx).
  { path: "/order-complete", title: "未指定訂單", layout: "default" },
  { path: "/order-search", title: "訂單查詢", layout: "default" },
  { path: "/privacy", title: "隱私權政策", layout: "default" },
  { path: "/security", title: "資訊安全政策", layout: "default" },
  { path: "/terms-of-service", title: "服務條款", layout: "default" },
  { path: "/product/ebooks", title: "電子書", layout: "default" },
  { path: "/product/new-books", title: "新書上架", layout: "default" },
  { path: "/product/picks", title: "選書推薦", layout: "default" },
  { path: "/product/type", title: "商品分類", layout: "default" },
  { path: "/product/type/1", title: CONTENT_TITLE, layout: "default" },
  { path: "/publisher/1", title: CONTENT_TITLE, layout: "default" },
  { path: "/recovery", title: "忘記密碼", layout: "guest" },
  { path: "/register", title: "加入會員", layout: "guest" },
  { path: "/search", title: "搜尋", layout: "default" },
];

export const MEMBER_ROUTES: RouteCase[] = [
  { path: "/member/bookcase", title: "我的書櫃", layout: "member" },
  { path: "/member/favorites", title: "我的收藏", layout: "member" },
  { path: "/member/orders", title: "我的訂單", layout: "member" },
  { path: "/member/profile", title: "個人資料", layout: "member" },
  { path: "/member/recipients", title: "收件人管理", layout: "member" },
  { path: "/member/security", title: "帳號安全", layout: "member" },
  { path: "/member/subscriptions", title: "我的訂閱", layout: "member" },
];

/** The id routes of SPEC §5 with a non-numeric id. */
export const NON_NUMERIC_ID_PATHS = [
  "/activity/abc",
  "/article/x1",
  "/author/%E4%BD%9C%E8%80%85",
  "/news/1.5",
  "/product/abc",
  "/product/type/abc",
  "/publisher/-3",
];

/** The seed always makes product 1 a paper book (scripts/seed/catalogue.mjs). */
export const SEEDED_PRODUCT_ID = 1;

/** The seeded book's title, read from the API so the tests do not depend on the generated words. */
export async function seededProduct(request: APIRequestContext) {
  const body = await (await request.get(`/api/frontend/products/${SEEDED_PRODUCT_ID}`)).json();
  return { id: SEEDED_PRODUCT_ID, title: body.data.title as string };
}
