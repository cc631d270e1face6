// The built-in bookstore API (the embedded default behind /api/frontend): composition only.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { API_CODE } from "~/domain/api-codes";
import { onApiError, onApiNotFound } from "./envelope";
import { envRoutes } from "./routes/env";
import { memberRoutes } from "./routes/members";
import { productRoutes } from "./routes/products";
import type { ApiEnv } from "./types";

export const builtInApi = new Hono<ApiEnv>()
  .basePath("/api/frontend")
  .use(
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => c.json({ code: API_CODE.invalidInput, message: "請求內容過大（上限 64 KB）" }, 413),
    }),
  )
  .route("/env", envRoutes)
  .route("/products", productRoutes)
  .route("/member", memberRoutes)
  .notFound(onApiNotFound)
  .onError(onApiError);
