// The build id and time stamped into both the client and the worker bundles at build time.
// The client compares its own id with /_app/builds/latest.json to notice a newer deployment.
import { randomUUID } from "node:crypto";

export function createBuildStamp(env: NodeJS.ProcessEnv = process.env) {
  const timestamp = Number(env.BUILD_TIMESTAMP) || Date.now();
  const id = env.BUILD_ID?.trim() || randomUUID();
  return { id, timestamp };
}
