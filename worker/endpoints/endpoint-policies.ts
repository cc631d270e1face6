// What the edge does with each operation of the contract (openapi/frontend.yaml), in one entry per operationId:
// - route: its method and path, as the contract writes them (endpoint-policies.test.ts checks every entry against it);
// - cache: the named edge-cache policy (worker/cache/policies.ts); only public catalogue reads are ever cached;
// - query: for a cached read, the query parameters kept in its cache key and their normal form
//   (worker/cache/api-query-rules.ts); any other parameter is dropped;
// - rateLimit: the rate-limit group it counts against (worker/rate-limits.ts);
// - session: whether a success starts the member's session (the proxy sets the token cookie) or the call ends it;
// - bodyLimitBytes: for an operation that takes a body, the most the edge reads before answering 413.
// The table is typed by the generated `operations`: an operation added to the contract does not compile until its
// entry is written here, and an entry for an operation the contract does not have does not compile either.
import type { operations } from "~/lib/api/schema";
import { API_BODY_LIMIT_BYTES } from "../body-limit";
import type { QueryParamRule } from "../cache/api-query-rules";
import type { CachePolicyName } from "../cache/policies";
import type { RateLimitBinding } from "../rate-limits";

export type OperationId = keyof operations;

export type QueryRules = Readonly<Record<string, QueryParamRule>>;

type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface EndpointPolicy {
  /** "METHOD /path" under /api/frontend, `{name}` for a path parameter, as in the contract. */
  route: `${Method} /${string}`;
  cache: CachePolicyName;
  query?: QueryRules;
  rateLimit?: RateLimitBinding;
  session?: "starts" | "ends";
  bodyLimitBytes?: number;
}

/** The body limit of every operation that takes a body today: small JSON (or NewebPay's form posts). */
const BODY = API_BODY_LIMIT_BYTES;

const page: QueryParamRule = { kind: "integer", default: 1 };
const productPage: QueryRules = {
  sort: { kind: "choice", default: "newest" },
  page,
  per_page: { kind: "integer", default: 24 },
};
const listPage: QueryRules = { page, per_page: { kind: "integer", default: 10 } };

/** Never cached, nor counted apart; a POST or PUT takes a small body. The member's own data, the cart, NewebPay's posts. */
function uncached(route: EndpointPolicy["route"]): EndpointPolicy {
  return /^(POST|PUT) /.test(route) ? { route, cache: "none", bodyLimitBytes: BODY } : { route, cache: "none" };
}

export const ENDPOINT_POLICIES = {
  // The shop and its pages: rarely changed.
  getEnv: { route: "GET /env", cache: "long" },
  listCountries: { route: "GET /countries", cache: "long" },
  getPage: { route: "GET /pages/{slug}", cache: "long" },
  listProductTypes: { route: "GET /product-types", cache: "long" },
  listArticleCategories: { route: "GET /articles/categories", cache: "long" },
  getSitemapSummary: { route: "GET /sitemap", cache: "long" },
  getSitemapChunk: { route: "GET /sitemap/{kind}", cache: "long", query: { page } },

  // The catalogue: prices, stock and lists change during the day.
  getHome: { route: "GET /home", cache: "short" },
  listProducts: {
    route: "GET /products",
    cache: "short",
    query: {
      ids: { kind: "raw" },
      format: { kind: "integer" },
      type_id: { kind: "integer" },
      is_new: { kind: "choice", default: "0" },
      is_pick: { kind: "choice", default: "0" },
      ...productPage,
    },
  },
  getProduct: { route: "GET /products/{id}", cache: "short" },
  getRelatedProducts: {
    route: "GET /products/{id}/related",
    cache: "short",
    query: { limit: { kind: "integer", default: 8 } },
  },
  getAuthor: { route: "GET /authors/{id}", cache: "short" },
  listAuthorProducts: { route: "GET /authors/{id}/products", cache: "short", query: productPage },
  getPublisher: { route: "GET /publishers/{id}", cache: "short" },
  listPublisherProducts: { route: "GET /publishers/{id}/products", cache: "short", query: productPage },
  searchProducts: {
    route: "GET /search",
    cache: "short",
    query: {
      q: { kind: "text" },
      sort: { kind: "choice", default: "relevance" },
      page,
      per_page: { kind: "integer", default: 24 },
    },
    rateLimit: "SEARCH_RATE_LIMIT",
  },
  searchSuggestions: {
    route: "GET /search/suggestions",
    cache: "short",
    query: { q: { kind: "text" }, limit: { kind: "integer", default: 5 } },
    rateLimit: "SEARCH_RATE_LIMIT",
  },
  listNews: { route: "GET /news", cache: "short", query: { type: { kind: "choice" }, ...listPage } },
  getNews: { route: "GET /news/{id}", cache: "short" },
  listActivities: {
    route: "GET /activities",
    cache: "short",
    query: { when: { kind: "choice", default: "upcoming" }, ...listPage },
  },
  getActivity: { route: "GET /activities/{id}", cache: "short" },
  listArticles: {
    route: "GET /articles",
    cache: "short",
    query: { category: { kind: "text" }, author_id: { kind: "id" }, ...listPage },
  },
  getArticle: { route: "GET /articles/{id}", cache: "short" },

  // Signing in, up and out, and recovery.
  registerMember: {
    route: "POST /member/register",
    cache: "none",
    rateLimit: "REGISTER_RATE_LIMIT",
    session: "starts",
    bodyLimitBytes: BODY,
  },
  loginMember: {
    route: "POST /member/login",
    cache: "none",
    rateLimit: "SIGN_IN_RATE_LIMIT",
    session: "starts",
    bodyLimitBytes: BODY,
  },
  logoutMember: { route: "GET /member/logout", cache: "none", session: "ends" },
  requestRecoveryCode: {
    route: "POST /member/recovery/code",
    cache: "none",
    rateLimit: "RECOVERY_RATE_LIMIT",
    bodyLimitBytes: BODY,
  },
  resetPassword: {
    route: "POST /member/recovery/reset",
    cache: "none",
    rateLimit: "RECOVERY_RATE_LIMIT",
    session: "starts",
    bodyLimitBytes: BODY,
  },
  exchangeOAuthCode: {
    route: "POST /member/oauth/exchange",
    cache: "none",
    rateLimit: "SIGN_IN_RATE_LIMIT",
    session: "starts",
    bodyLimitBytes: BODY,
  },
  completeOAuthRegistration: {
    route: "POST /member/oauth/complete",
    cache: "none",
    rateLimit: "REGISTER_RATE_LIMIT",
    session: "starts",
    bodyLimitBytes: BODY,
  },

  // The member's own data.
  getMemberProfile: uncached("GET /member/profile"),
  updateMemberProfile: uncached("PUT /member/profile"),
  changeMemberPassword: uncached("POST /member/password"),
  listMemberIdentities: uncached("GET /member/identities"),
  linkMemberIdentity: uncached("POST /member/identities/link"),
  unlinkMemberIdentity: uncached("DELETE /member/identities/{provider}"),
  revokeOtherMemberSessions: uncached("POST /member/sessions/revoke-others"),
  listMemberOrders: uncached("GET /member/orders"),
  getMemberOrder: uncached("GET /member/orders/{order_no}"),
  retryOrderPayment: uncached("POST /member/orders/{order_no}/payment"),
  cancelMemberOrder: uncached("POST /member/orders/{order_no}/cancel"),
  listRecipients: uncached("GET /member/recipients"),
  createRecipient: uncached("POST /member/recipients"),
  updateRecipient: uncached("PUT /member/recipients/{id}"),
  deleteRecipient: uncached("DELETE /member/recipients/{id}"),
  getMemberLikes: uncached("GET /member/likes"),
  getMemberFavorites: uncached("GET /member/favorites"),
  updateMemberFavorite: uncached("POST /member/favorites"),
  getMemberSubscriptions: uncached("GET /member/subscriptions"),
  updateMemberSubscriptions: uncached("PUT /member/subscriptions"),
  getMemberBookcase: uncached("GET /member/bookcase"),

  // The cart and the order.
  getCartCache: uncached("GET /cart/cache"),
  saveCartCache: uncached("POST /cart/cache"),
  getCartSummary: uncached("POST /cart/summary"),
  quoteCart: { route: "POST /cart/quote", cache: "none", rateLimit: "QUOTE_RATE_LIMIT", bodyLimitBytes: BODY },
  checkoutCart: {
    route: "POST /cart/checkout",
    cache: "none",
    rateLimit: "CHECKOUT_RATE_LIMIT",
    bodyLimitBytes: BODY,
  },
  searchOrder: {
    route: "POST /order-search",
    cache: "none",
    rateLimit: "ORDER_SEARCH_RATE_LIMIT",
    bodyLimitBytes: BODY,
  },

  // NewebPay's posts (server to server, and the reader's browser coming back).
  newebpayNotify: uncached("POST /payment/newebpay/notify"),
  newebpayReturn: uncached("POST /payment/newebpay/return"),
  newebpayCustomer: uncached("POST /payment/newebpay/customer"),
} as const satisfies Record<OperationId, EndpointPolicy>;
