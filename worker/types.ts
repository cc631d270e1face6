// The Hono environment shared by the worker's sub-apps.
import type { RequestIdVariables } from "hono/request-id";
import type { SecureHeadersVariables } from "hono/secure-headers";
import type { WorkerConfig } from "./config";

export interface WorkerEnv {
  Bindings: Env;
  Variables: SecureHeadersVariables &
    RequestIdVariables & {
      config: WorkerConfig;
      /** Where the route rules send a data request (React Router performs the redirect); null to go on. */
      routeRedirect: string | null;
    };
}
