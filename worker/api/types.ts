import type { components } from "~/lib/api/schema";
import type { WorkerConfig } from "../config";

/** What the worker hands the built-in API (worker/api-proxy.ts): the database and the validated configuration. */
interface ApiBindings {
  DB: Env["DB"];
  config: WorkerConfig;
}

export interface ApiEnv {
  Bindings: ApiBindings;
}

export type Schemas = components["schemas"];
