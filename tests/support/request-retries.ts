// A test's API client that retries a GET or HEAD once more when its kept-alive connection was reset (ECONNRESET), as
// browsers and HTTP clients do for an idempotent request: a connection the server closed just as the next request was
// sent on it is the transport's race, not the store's answer. Every other request, and every HTTP status, is as it was.
import type { APIRequestContext } from "@playwright/test";

const IDEMPOTENT_RETRIES = 2;

type FetchOptions = NonNullable<Parameters<APIRequestContext["fetch"]>[1]>;

function isIdempotent(method: string | undefined): boolean {
  return method === undefined || /^(GET|HEAD)$/i.test(method);
}

export function withIdempotentRetries(request: APIRequestContext): APIRequestContext {
  const retried = <T extends { maxRetries?: number }>(options: T | undefined): T =>
    ({ maxRetries: IDEMPOTENT_RETRIES, ...options }) as T;
  return new Proxy(request, {
    get(target, property) {
      if (property === "get") {
        return (url: string, options?: Parameters<APIRequestContext["get"]>[1]) => target.get(url, retried(options));
      }
      if (property === "head") {
        return (url: string, options?: Parameters<APIRequestContext["head"]>[1]) => target.head(url, retried(options));
      }
      if (property === "fetch") {
        return (urlOrRequest: Parameters<APIRequestContext["fetch"]>[0], options?: FetchOptions) => {
          const method = options?.method ?? (typeof urlOrRequest === "string" ? undefined : urlOrRequest.method());
          return target.fetch(urlOrRequest, isIdempotent(method) ? retried(options) : options);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
