// The built-in bookstore API (the embedded default behind /api/frontend): composition only.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { API_BODY_LIMIT_BYTES, tooLarge } from "../body-limit";
import { onApiError, onApiNotFound } from "./envelope";
import { allowedMethods } from "./method-not-allowed";
import { activityRoutes } from "./routes/activities";
import { articleRoutes } from "./routes/articles";
import { authorRoutes } from "./routes/authors";
import { bookcaseRoutes } from "./routes/bookcase";
import { cartRoutes } from "./routes/cart";
import { checkoutRoutes } from "./routes/checkout";
import { countryRoutes } from "./routes/countries";
import { envRoutes } from "./routes/env";
import { homeRoutes } from "./routes/home";
import { identityRoutes } from "./routes/identities";
import { likeRoutes } from "./routes/likes";
import { memberRoutes } from "./routes/members";
import { newebpayRoutes } from "./routes/newebpay";
import { newsRoutes } from "./routes/news";
import { oauthRoutes } from "./routes/oauth";
import { orderCancelRoutes } from "./routes/order-cancel";
import { orderPaymentRoutes } from "./routes/order-payment";
import { orderSearchRoutes } from "./routes/order-search";
import { pageRoutes } from "./routes/pages";
import { productTypeRoutes } from "./routes/product-types";
import { productRoutes } from "./routes/products";
import { publisherRoutes } from "./routes/publishers";
import { recipientRoutes } from "./routes/recipients";
import { recoveryRoutes } from "./routes/recovery";
import { searchRoutes } from "./routes/search";
import { sessionRoutes } from "./routes/sessions";
import { sitemapRoutes } from "./routes/sitemap";
import { subscriptionRoutes } from "./routes/subscriptions";
import type { ApiEnv } from "./types";

export const builtInApi = new Hono<ApiEnv>()
  .basePath("/api/frontend")
  .use(
    bodyLimit({
      maxSize: API_BODY_LIMIT_BYTES,
      onError: () => tooLarge(),
    }),
  )
  .route("/env", envRoutes)
  .route("/countries", countryRoutes)
  .route("/home", homeRoutes)
  .route("/pages", pageRoutes)
  .route("/news", newsRoutes)
  .route("/activities", activityRoutes)
  .route("/articles", articleRoutes)
  .route("/products", productRoutes)
  .route("/product-types", productTypeRoutes)
  .route("/authors", authorRoutes)
  .route("/publishers", publisherRoutes)
  .route("/search", searchRoutes)
  .route("/sitemap", sitemapRoutes)
  .route("/member/recovery", recoveryRoutes)
  .route("/member/oauth", oauthRoutes)
  .route("/member", memberRoutes)
  .route("/member", likeRoutes)
  .route("/member", recipientRoutes)
  .route("/member", subscriptionRoutes)
  .route("/member", bookcaseRoutes)
  .route("/member", identityRoutes)
  .route("/member", sessionRoutes)
  .route("/member", orderPaymentRoutes)
  .route("/member", orderCancelRoutes)
  .route("/order-search", orderSearchRoutes)
  .route("/cart", cartRoutes)
  .route("/cart", checkoutRoutes)
  .route("/payment/newebpay", newebpayRoutes)
  .onError(onApiError);

// A known path asked with another method answers 405 instead of 404.
builtInApi.notFound((c) => onApiNotFound(c, allowedMethods(builtInApi.routes, c.req.path)));
