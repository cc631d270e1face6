// The /api/frontend client: openapi-fetch typed by the generated schema, with SPEC §7–§8's rules as middleware.
import createClient, { type Middleware } from "openapi-fetch";
import { API_CODE, unknownErrorMessage } from "~/http/api-codes";
import { type Envelope, parseEnvelope } from "~/http/envelope";
import type { SessionMark } from "../../features/session/session-end";
import type { paths } from "./schema";

export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    /** The envelope's data, when an error carries some (the field a refusal is about, the items short of stock). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

interface ApiClientOptions {
  /** Where /api/frontend lives, e.g. "https://shop.example/api/frontend" or "/api/frontend". */
  baseUrl: string;
  fetch?: (request: Request) => Promise<Response>;
  /** The member token, when there is one. */
  getToken?: () => string | null | undefined;
  /** The session a request is sent in (the browser's session key); handed back to `clearToken` with its reply. */
  sessionAtRequest?: () => SessionMark;
  /** Called on a code-3 reply, before the error is raised, with the session the request was sent in. */
  clearToken?: (sentIn: SessionMark) => void;
}

/** Reads a reply as SPEC §7 says: the text is trimmed and parsed as JSON. */
async function readEnvelope(response: Response): Promise<Envelope> {
  const envelope = parseEnvelope(await response.text());
  if (!envelope) throw new ApiError(unknownErrorMessage(response.status), API_CODE.serverError, response.status);
  return envelope;
}

function authMiddleware(getToken: ApiClientOptions["getToken"]): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken?.();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      return request;
    },
  };
}

function envelopeMiddleware(options: ApiClientOptions): Middleware {
  // The session each request was sent in, by openapi-fetch's request id, until its reply is read.
  const sentIn = new Map<string, SessionMark>();
  return {
    onRequest({ id }) {
      if (options.sessionAtRequest) sentIn.set(id, options.sessionAtRequest());
    },
    onError({ id }) {
      sentIn.delete(id);
    },
    async onResponse({ response, id }) {
      const session = sentIn.get(id);
      sentIn.delete(id);
      const envelope = await readEnvelope(response);
      if (envelope.code === API_CODE.ok) {
        // Hand openapi-fetch the parsed envelope as a plain 200 so it lands in `data`, with the reply's headers (an
        // ETag, a Retry-After) but not those of the bytes it came in.
        const headers = new Headers(response.headers);
        for (const name of ["Content-Length", "Content-Encoding"]) headers.delete(name);
        headers.set("Content-Type", "application/json");
        return new Response(JSON.stringify(envelope), { status: 200, headers });
      }
      if (envelope.code === API_CODE.unauthenticated) options.clearToken?.(session);
      const message = envelope.message?.trim() || unknownErrorMessage(envelope.code);
      throw new ApiError(message, envelope.code, response.status, envelope.data);
    },
  };
}

export function createApiClient(options: ApiClientOptions) {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: options.fetch,
  });
  client.use(authMiddleware(options.getToken), envelopeMiddleware(options));
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The `data` of a successful call; every failure has already been raised by the middleware. */
export async function unwrap<T>(call: Promise<{ data?: { data?: T } }>): Promise<T> {
  const result = await call;
  return result.data?.data as T;
}
