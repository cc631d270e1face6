// The configuration of this isolate, validated once when the isolate loads the worker: workerd lets module scope
// read the variables through `env` from "cloudflare:workers" (wrangler dev, the Vite dev server and production alike).
// A bad value is logged now, naming the variable; every request then fails with a 500 (see error-handler.ts)
// rather than the isolate refusing to start, so the reply still says what happened and carries a request id.
import { env } from "cloudflare:workers";
import { loadConfig } from "./config";

export const startupConfig = loadConfig(env as unknown as Record<string, unknown>);
