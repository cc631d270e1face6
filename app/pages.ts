// The page registry: every screen of SPEC §2 once, with everything the rest of the app derives from it — the route
// config (routes.ts), page titles, the header, footer, editorial and member navigation, the sitemap's static pages
// and the numeric-id rule. Framework-free: routes.ts, the worker and the unit tests all import it.
import type { operations } from "./lib/api/schema";

/** The layout a page renders in (SPEC §2): default, member (sign-in required, inside default), guest, or none. */
export type LayoutId = "default" | "member" | "guest" | "none";

/** A navigation list a page appears in; a page's place in a list is its place in this registry. */
export type MenuId = "header" | "member" | "about" | "instructions" | "legal" | "footer-shopping";

/** The slugs of GET /pages/{slug}, as the contract has them. */
export type EditorialSlug = operations["getPage"]["parameters"]["path"]["slug"];

export interface PageEntry {
  /** The URL pattern, with a leading slash ("/" is home, "/*" the catch-all). */
  readonly path: string;
  /** The route module, relative to app/. */
  readonly file: string;
  readonly layout: LayoutId;
  /** The page title, the first half of `頁面標題 - 站名`. */
  readonly title: string;
  /** The navigation lists the page is linked from; `label` when the link is shorter than the title. */
  readonly nav?: { readonly menus: readonly MenuId[]; readonly label?: string };
  /** A public page without parameters that search engines should find. */
  readonly sitemap?: true;
  /** The editorial text the page shows (GET /pages/{slug}). */
  readonly slug?: EditorialSlug;
  /** The path parameter that must be numeric (SPEC §5); the reader is sent home otherwise. */
  readonly numericId?: "id";
}

const EDITORIAL = "routes/editorial-page.tsx";
const PRODUCT_LIST = "routes/product-list.tsx";

export const PAGES = {
  index: { path: "/", file: "routes/home.tsx", layout: "default", title: "首頁", sitemap: true },
  "product-new-books": {
    path: "/product/new-books",
    file: PRODUCT_LIST,
    layout: "default",
    title: "新書上架",
    nav: { menus: ["header"] },
    sitemap: true,
  },
  "product-picks": {
    path: "/product/picks",
    file: PRODUCT_LIST,
    layout: "default",
    title: "選書推薦",
    nav: { menus: ["header"] },
    sitemap: true,
  },
  "product-ebooks": {
    path: "/product/ebooks",
    file: PRODUCT_LIST,
    layout: "default",
    title: "電子書",
    nav: { menus: ["header"] },
    sitemap: true,
  },
  "product-type": {
    path: "/product/type",
    file: "routes/product-types.tsx",
    layout: "default",
    title: "商品分類",
    nav: { menus: ["header"] },
    sitemap: true,
  },
  "product-type-id": {
    path: "/product/type/:id",
    file: "routes/product-type.tsx",
    layout: "default",
    title: "分類商品",
    numericId: "id",
  },
  "product-id": {
    path: "/product/:id",
    file: "routes/product.tsx",
    layout: "default",
    title: "商品",
    numericId: "id",
  },
  "news-list": {
    path: "/news/list",
    file: "routes/news-list.tsx",
    layout: "default",
    title: "最新消息",
    nav: { menus: ["header"] },
    sitemap: true,
  },
  "news-id": {
    path: "/news/:id",
    file: "routes/news.tsx",
    layout: "default",
    title: "消息內容",
    numericId: "id",
  },
  "activity-welcome": {
    path: "/activity/welcome",
    file: "routes/activity-welcome.tsx",
    layout: "default",
    title: "活動專區",
    sitemap: true,
    slug: "activity-welcome",
  },
  "activity-list": {
    path: "/activity/list",
    file: "routes/activity-list.tsx",
    layout: "default",
    title: "活動列表",
    nav: { menus: ["header"], label: "活動" },
    sitemap: true,
  },
  "activity-id": {
    path: "/activity/:id",
    file: "routes/activity.tsx",
    layout: "default",
    title: "活動內容",
    numericId: "id",
  },
  "article-welcome": {
    path: "/article/welcome",
    file: "routes/article-welcome.tsx",
    layout: "default",
    title: "文章專區",
    sitemap: true,
    slug: "article-welcome",
  },
  "article-list": {
    path: "/article/list",
    file: "routes/article-list.tsx",
    layout: "default",
    title: "文章列表",
    nav: { menus: ["header"], label: "文章" },
    sitemap: true,
  },
  "article-id": {
    path: "/article/:id",
    file: "routes/article.tsx",
    layout: "default",
    title: "文章內容",
    numericId: "id",
  },
  "author-id": {
    path: "/author/:id",
    file: "routes/author.tsx",
    layout: "default",
    title: "作者",
    numericId: "id",
  },
  "publisher-id": {
    path: "/publisher/:id",
    file: "routes/publisher.tsx",
    layout: "default",
    title: "出版社",
    numericId: "id",
  },
  search: {
    path: "/search",
    file: "routes/search.tsx",
    layout: "default",
    title: "搜尋",
  },
  "about-cultural": {
    path: "/about/cultural",
    file: EDITORIAL,
    layout: "default",
    title: "文化理念",
    nav: { menus: ["about"] },
    sitemap: true,
    slug: "about-cultural",
  },
  "about-history": {
    path: "/about/history",
    file: EDITORIAL,
    layout: "default",
    title: "歷史沿革",
    nav: { menus: ["about"] },
    sitemap: true,
    slug: "about-history",
  },
  "about-milestone": {
    path: "/about/milestone",
    file: EDITORIAL,
    layout: "default",
    title: "大事紀",
    nav: { menus: ["about"] },
    sitemap: true,
    slug: "about-milestone",
  },
  "instructions-faq": {
    path: "/instructions/faq",
    file: EDITORIAL,
    layout: "default",
    title: "常見問題",
    nav: { menus: ["instructions", "footer-shopping"] },
    sitemap: true,
    slug: "instructions-faq",
  },
  "instructions-customer-service": {
    path: "/instructions/customer-service",
    file: EDITORIAL,
    layout: "default",
    title: "客服中心",
    nav: { menus: ["instructions", "footer-shopping"] },
    sitemap: true,
    slug: "instructions-customer-service",
  },
  "instructions-ebook": {
    path: "/instructions/ebook",
    file: EDITORIAL,
    layout: "default",
    title: "電子書說明",
    nav: { menus: ["instructions"] },
    sitemap: true,
    slug: "instructions-ebook",
  },
  "instructions-group-buying": {
    path: "/instructions/group-buying",
    file: EDITORIAL,
    layout: "default",
    title: "團體訂購",
    nav: { menus: ["instructions"] },
    sitemap: true,
    slug: "instructions-group-buying",
  },
  "order-search": {
    path: "/order-search",
    file: "routes/order-search.tsx",
    layout: "default",
    title: "訂單查詢",
    nav: { menus: ["footer-shopping"] },
  },
  privacy: {
    path: "/privacy",
    file: EDITORIAL,
    layout: "default",
    title: "隱私權政策",
    nav: { menus: ["legal"] },
    sitemap: true,
    slug: "privacy",
  },
  security: {
    path: "/security",
    file: EDITORIAL,
    layout: "default",
    title: "資訊安全政策",
    nav: { menus: ["legal"] },
    sitemap: true,
    slug: "security",
  },
  "terms-of-service": {
    path: "/terms-of-service",
    file: EDITORIAL,
    layout: "default",
    title: "服務條款",
    nav: { menus: ["legal"] },
    sitemap: true,
    slug: "terms-of-service",
  },
  cart: { path: "/cart", file: "routes/cart.tsx", layout: "default", title: "購物車" },
  "order-complete": {
    path: "/order-complete",
    file: "routes/order-complete.tsx",
    layout: "default",
    title: "訂購完成",
  },
  "member-profile": {
    path: "/member/profile",
    file: "routes/member-profile.tsx",
    layout: "member",
    title: "個人資料",
    nav: { menus: ["member"] },
  },
  "member-orders": {
    path: "/member/orders",
    file: "routes/member-orders.tsx",
    layout: "member",
    title: "我的訂單",
    nav: { menus: ["member"] },
  },
  "member-bookcase": {
    path: "/member/bookcase",
    file: "routes/member-bookcase.tsx",
    layout: "member",
    title: "我的書櫃",
    nav: { menus: ["member"] },
  },
  "member-favorites": {
    path: "/member/favorites",
    file: "routes/member-favorites.tsx",
    layout: "member",
    title: "我的收藏",
    nav: { menus: ["member"] },
  },
  "member-subscriptions": {
    path: "/member/subscriptions",
    file: "routes/member-subscriptions.tsx",
    layout: "member",
    title: "我的訂閱",
    nav: { menus: ["member"] },
  },
  "member-recipients": {
    path: "/member/recipients",
    file: "routes/member-recipients.tsx",
    layout: "member",
    title: "收件人管理",
    nav: { menus: ["member"] },
  },
  "member-security": {
    path: "/member/security",
    file: "routes/member-security.tsx",
    layout: "member",
    title: "帳號安全",
    nav: { menus: ["member"] },
  },
  login: { path: "/login", file: "routes/login.tsx", layout: "guest", title: "會員登入" },
  register: { path: "/register", file: "routes/register.tsx", layout: "guest", title: "加入會員" },
  recovery: { path: "/recovery", file: "routes/recovery.tsx", layout: "guest", title: "忘記密碼" },
  "oauth-register": { path: "/oauth/register", file: "routes/oauth-register.tsx", layout: "guest", title: "完成註冊" },
  "oauth-login": { path: "/oauth/login", file: "routes/oauth-login.tsx", layout: "none", title: "第三方登入" },
  "catch-all": { path: "/*", file: "routes/catch-all.tsx", layout: "default", title: "查無內容" },
} as const satisfies Record<string, PageEntry>;

/** A page's id: also its React Router route id and its analytics route name. */
export type PageId = keyof typeof PAGES;

/** Routes that are not pages (no layout, no title): files for search engines. */
export const RESOURCE_ROUTES = [
  { id: "robots", path: "/robots.txt", file: "routes/robots.ts" },
  { id: "sitemap-index", path: "/sitemap.xml", file: "routes/sitemap-index.ts" },
  { id: "sitemap-chunk", path: "/sitemap/:file", file: "routes/sitemap-chunk.ts" },
] as const;

/** The menus' names: the heading of a footer group or an editorial group, the label of a navigation landmark. */
export const MENU_LABELS: Record<MenuId, string> = {
  header: "主要分類",
  member: "會員中心",
  about: "關於我們",
  instructions: "購物說明",
  legal: "網站資訊",
  "footer-shopping": "購物說明",
};

/** The editorial pages' navigation groups: each editorial page links to its siblings. */
export const EDITORIAL_MENUS = ["about", "instructions", "legal"] as const satisfies readonly MenuId[];

const entries = Object.entries(PAGES) as [PageId, PageEntry][];

// The lists derived below for the server only (sitemap, id routes, edge-cache rules) are marked `@__PURE__`, so the
// browser's bundle drops them unless it uses them: it neither ships nor builds them at every page load.

export function isPageId(id: string | undefined): id is PageId {
  return id !== undefined && Object.hasOwn(PAGES, id);
}

/** The title of a page; an unknown id does not compile. */
export function routeTitle(id: PageId): string {
  return PAGES[id].title;
}

/** The title of the route a match names (route ids are page ids); "" for a route that is not a page. */
export function matchTitle(id: string | undefined): string {
  return isPageId(id) ? PAGES[id].title : "";
}

export interface MenuLink {
  id: PageId;
  to: string;
  label: string;
}

/** The links of a menu, in registry order. */
export function menuLinks(menu: MenuId): MenuLink[] {
  return entries
    .filter(([, page]) => page.nav?.menus.includes(menu))
    .map(([id, page]) => ({ id, to: page.path, label: page.nav?.label ?? page.title }));
}

/** The pages search engines are told about that have no parameters. */
export const STATIC_SITEMAP_PATHS: readonly string[] = /* @__PURE__ */ entries
  .filter(([, page]) => page.sitemap)
  .map(([, page]) => page.path);

/** The editorial page at a path (trailing slashes ignored), with its navigation group when it has one. */
export function editorialPageAt(pathname: string): { id: PageId; slug: EditorialSlug; menu?: MenuId } | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  const found = entries.find(([, page]) => page.path === path && page.slug);
  if (!found) return undefined;
  const [id, page] = found;
  const menu = EDITORIAL_MENUS.find((m) => page.nav?.menus.includes(m));
  return { id, slug: page.slug as EditorialSlug, ...(menu ? { menu } : {}) };
}

/** The id routes of SPEC §5: the path before the numeric parameter ("product/type"), with the parameter's name. */
export const NUMERIC_ID_PREFIXES: readonly string[] = /* @__PURE__ */ entries
  .filter(([, page]) => page.numericId)
  .map(([, page]) => page.path.slice(1, -`/:${page.numericId}`.length));

/** The fixed paths one level under `prefix` ("product" → ebooks, new-books, picks, type): they are not ids. */
export function staticChildren(prefix: string): string[] {
  const parent = `/${prefix}/`;
  return entries
    .map(([, page]) => page.path)
    .filter((path) => path.startsWith(parent) && !path.slice(parent.length).includes("/"))
    .map((path) => path.slice(parent.length))
    .filter((segment) => !segment.startsWith(":"));
}

/** A registry path as a pattern: `:param` is one segment, `/*` anything; a trailing slash is allowed. */
function pathPattern(path: string): RegExp {
  if (path === "/*") return /^\/.*$/;
  const segments = path.split("/").filter(Boolean);
  const source = segments.map((segment) => (segment.startsWith(":") ? "/[^/]+" : `/${segment}`)).join("");
  return new RegExp(`^${source}/?$`);
}

// Most specific first, as React Router ranks them: more fixed segments before parameters, the catch-all last.
const fixedSegments = (path: string) => path.split("/").filter((s) => s && !s.startsWith(":") && s !== "*").length;
const PAGE_PATTERNS = /* @__PURE__ */ entries
  .map(([id, page]) => ({
    id,
    pattern: pathPattern(page.path),
    rank: page.path === "/*" ? -1 : fixedSegments(page.path),
  }))
  .sort((a, b) => b.rank - a.rank);

/** The page a pathname shows (the catch-all for any other path). */
export function pageAt(pathname: string): PageId {
  return PAGE_PATTERNS.find(({ pattern }) => pattern.test(pathname))?.id ?? "catch-all";
}
