// The storefront worker: composition only (see DESIGN.md, "One picture").
import { Hono } from "hono";
import { signInOrigins } from "./api/oauth/providers";
import { paymentFormTargets } from "./api/payment/merchant";
import { callApiFor } from "./api-call";
import { buildsApp } from "./builds";
import { ConfigError } from "./config";
import { devDeadlines } from "./dev-deadlines";
import { devEinvoice } from "./dev-einvoice";
import { devMailbox } from "./dev-mailbox";
import { devPayment } from "./dev-payment";
import { onWorkerError, thrownAsErrors } from "./error-handler";
import { health } from "./health";
import { media } from "./media";
import { configMiddleware } from "./middleware/config";
import { documentBodyLimit } from "./middleware/document-body-limit";
import { drainUnreadBody } from "./middleware/drain-unread-body";
import { jsonBodiesOnly } from "./middleware/json-bodies";
import { requestId } from "./middleware/request-id";
import { sameOriginWrites } from "./middleware/same-origin";
import { securityHeaders } from "./middleware/security-headers";
import { handleQueue } from "./queue-handler";
import { renderPage } from "./render";
import { routeRules } from "./route-rules";
import { scheduled } from "./scheduled";
import { startupConfig } from "./startup-config";
import type { WorkerEnv } from "./types";

const app = new Hono<WorkerEnv>()
  .use(requestId)
  .use(drainUnreadBody)
  .use(thrownAsErrors)
  .use(
    securityHeaders({
      withCsp: !import.meta.env.DEV,
      formTargets:
        startupConfig instanceof ConfigError
          ? []
          : [...signInOrigins(startupConfig.oauthProviders), ...paymentFormTargets(startupConfig)],
    }),
  )
  .use(configMiddleware(startupConfig))
  .use(sameOriginWrites)
  .route("/healthz", health)
  .route("/_app/builds", buildsApp({ id: __BUILD_ID__, timestamp: __BUILD_TIMESTAMP__ }))
  .route("/media", media)
  .route("/_dev/mail", devMailbox)
  .route("/_dev/payment", devPayment)
  .route("/_dev/einvoice", devEinvoice)
  .route("/_dev/deadlines", devDeadlines)
  .use("/api/frontend/*", jsonBodiesOnly)
  .all("/api/frontend/*", (c) => callApiFor(c, c.req.raw))
  .use(documentBodyLimit)
  .use(routeRules)
  .all("*", renderPage)
  .onError(onWorkerError);

export default {
  fetch: app.fetch,
  scheduled,
  queue: (batch, env) => handleQueue(batch, env, startupConfig),
} satisfies ExportedHandler<Env>;
