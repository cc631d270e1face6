// The stand-in's notify to the store's NotifyURL, as NewebPay sends it (a form POST, server to server), and how the
// store answered. To this worker's own origin it is dispatched in-process (why: the comment atop index.ts); to
// another origin it is fetched.
import type { Context } from "hono";
import { forwardToApi } from "../api-proxy";
import type { WorkerEnv } from "../types";

/** Thrown when the store has not answered the notify in time. */
class NotifyTimeout extends Error {}

/** How the store answered the notify, in words for the stand-in's page. */
export interface NotifyOutcome {
  delivered: boolean;
  note: string;
}

/**
 * Notifies the store as NewebPay would, and says how it went. The store gets API_TIMEOUT_MS to answer, body
 * included, so a store that hangs cannot hang the stand-in's page.
 */
export async function sendNotify(
  c: Context<WorkerEnv>,
  url: string,
  fields: Record<string, string>,
): Promise<NotifyOutcome> {
  const timeoutMs = c.get("config").apiTimeoutMs;
  const request = new Request(url, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Request-Id": c.get("requestId") ?? "" },
    body: new URLSearchParams(fields),
  });
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new NotifyTimeout()); // first, so the race ends as a timeout and not as the aborted fetch
      abort.abort();
    }, timeoutMs);
  });
  try {
    const sameOrigin = new URL(url).origin === new URL(c.req.url).origin;
    const sent = sameOrigin
      ? forwardToApi(request, c.env, c.get("config"), {
          waitUntil: (promise) => c.executionCtx.waitUntil(promise),
        })
      : fetch(request, { signal: abort.signal });
    const reply = await Promise.race([sent, timedOut]);
    const envelope = (await Promise.race([reply.json().catch(() => null), timedOut])) as { code?: number } | null;
    return envelope?.code === 1
      ? { delivered: true, note: "已通知商店（NotifyURL）。" }
      : { delivered: false, note: `通知商店失敗（HTTP ${reply.status}，code ${envelope?.code ?? "?"}）。` };
  } catch (error) {
    if (error instanceof NotifyTimeout) {
      return { delivered: false, note: `通知商店逾時：${timeoutMs / 1000} 秒內沒有回應（NotifyURL）。` };
    }
    return { delivered: false, note: `無法通知商店：${String(error)}` };
  } finally {
    clearTimeout(timer);
  }
}
