// The built-in bookstore API (the embedded default behind /api/frontend): composition only.
import { Hono } from "hono";
import { onApiError, onApiNotFound } from "./envelope";
import { envRoutes } from "./routes/env";
import { productRoutes } from "./routes/products";
import type { ApiEnv } from "./types";

export const builtInApi = new Hono<ApiEnv>()
  .basePath("/api/frontend")
  .route("/env", envRoutes)
  .route("/products", productRoutes)
  .notFound(onApiNotFound)
  .onError(onApiError);
