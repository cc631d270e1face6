// Every route of SPEC §2 with its layout. The route id doubles as the analytics route name.
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

const page = (path: string, id: string, file = "routes/placeholder.tsx") => route(path, file, { id });

// One module serves several routes, told apart by the route id.
const EDITORIAL = "routes/editorial-page.tsx";
const PRODUCT_LIST = "routes/product-list.tsx";

export default [
  layout("layouts/default.tsx", [
    index("routes/home.tsx", { id: "index" }),
    page("about/cultural", "about-cultural", EDITORIAL),
    page("about/history", "about-history", EDITORIAL),
    page("about/milestone", "about-milestone", EDITORIAL),
    page("activity/list", "activity-list", "routes/activity-list.tsx"),
    page("activity/welcome", "activity-welcome", "routes/activity-welcome.tsx"),
    page("activity/:id", "activity-id", "routes/activity.tsx"),
    page("article/list", "article-list", "routes/article-list.tsx"),
    page("article/welcome", "article-welcome", "routes/article-welcome.tsx"),
    page("article/:id", "article-id", "routes/article.tsx"),
    page("author/:id", "author-id", "routes/author.tsx"),
    page("cart", "cart"),
    page("instructions/customer-service", "instructions-customer-service", EDITORIAL),
    page("instructions/ebook", "instructions-ebook", EDITORIAL),
    page("instructions/faq", "instructions-faq", EDITORIAL),
    page("instructions/group-buying", "instructions-group-buying", EDITORIAL),
    page("news/list", "news-list", "routes/news-list.tsx"),
    page("news/:id", "news-id", "routes/news.tsx"),
    page("order-complete", "order-complete"),
    page("order-search", "order-search"),
    page("privacy", "privacy", EDITORIAL),
    page("security", "security", EDITORIAL),
    page("terms-of-service", "terms-of-service", EDITORIAL),
    page("product/ebooks", "product-ebooks", PRODUCT_LIST),
    page("product/new-books", "product-new-books", PRODUCT_LIST),
    page("product/picks", "product-picks", PRODUCT_LIST),
    page("product/type", "product-type", "routes/product-types.tsx"),
    page("product/type/:id", "product-type-id", "routes/product-type.tsx"),
    page("product/:id", "product-id", "routes/product.tsx"),
    page("publisher/:id", "publisher-id", "routes/publisher.tsx"),
    page("search", "search", "routes/search.tsx"),
    layout("layouts/member.tsx", [
      page("member/bookcase", "member-bookcase"),
      page("member/favorites", "member-favorites"),
      page("member/orders", "member-orders"),
      page("member/profile", "member-profile"),
      page("member/recipients", "member-recipients"),
      page("member/security", "member-security"),
      page("member/subscriptions", "member-subscriptions"),
    ]),
    page("*", "catch-all", "routes/catch-all.tsx"),
  ]),
  layout("layouts/guest.tsx", [
    page("login", "login", "routes/login.tsx"),
    page("register", "register"),
    page("recovery", "recovery"),
    page("oauth/register", "oauth-register"),
  ]),
  page("oauth/login", "oauth-login"),
  // Resource routes for search engines.
  route("robots.txt", "routes/robots.ts", { id: "robots" }),
  route("sitemap.xml", "routes/sitemap-index.ts", { id: "sitemap-index" }),
  route("sitemap/:file", "routes/sitemap-chunk.ts", { id: "sitemap-chunk" }),
] satisfies RouteConfig;
