import type { components } from "~/lib/api/schema";

export interface ApiEnv {
  Bindings: Env;
}

export type Schemas = components["schemas"];
