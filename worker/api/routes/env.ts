import { Hono } from "hono";
import { PRE_ORDER_QUANTITY_MAX } from "~/features/cart/cart";
import { DONATION_CHARITIES } from "~/features/orders/invoice-labels";
import { ok } from "../envelope";
import { publicProvider } from "../oauth/providers";
import type { ApiEnv, Schemas } from "../types";

export const envRoutes = new Hono<ApiEnv>().get("/", (c) => {
  const appEnv: Schemas["AppEnv"] = {
    currency: "TWD",
    locale: "zh-TW",
    pre_order_quantity_max: PRE_ORDER_QUANTITY_MAX,
    donation_charities: DONATION_CHARITIES.map((charity) => ({ ...charity })),
    oauth_providers: c.env.config.oauthProviders.map(publicProvider),
  };
  return ok(c, appEnv);
});
