// The Hono environment shared by the worker's sub-apps.
import type { SecureHeadersVariables } from "hono/secure-headers";
import type { WorkerConfig } from "./config";

export interface WorkerEnv {
  Bindings: Env;
  Variables: SecureHeadersVariables & {
    requestId: string;
    config: WorkerConfig;
    /** Where the route rules send a data request (React Router performs the redirect); null to go on. */
    routeRedirect: string | null;
  };
}
