// What the API's reply says of the member's session: whether it ends (code 3, or the logout operation), and the
// session a success of a sign-in operation starts, whose token is taken out of the body so scripts never see it.
// Only replies that can change the session are read; every other reply (catalogue data) streams through untouched.

import { sessionKeyOf } from "~/features/session/session-key";
import { API_CODE } from "~/http/api-codes";
import { type Envelope, parseEnvelope } from "~/http/envelope";
import type { EndpointPolicy } from "../endpoints/endpoint-policies";

export interface SessionReply {
  /** The session ends: the API answered code 3, or the call is the logout operation, whatever the API answered. */
  ends: boolean;
  /** The session a success started: its token, for the cookie, and its key, for the marker. */
  started: { token: string; sessionKey: string } | null;
  /** The body to pass on: the reply's own stream, its text as it came, or the envelope without the token. */
  body: ReadableStream<Uint8Array> | string | null;
}

/** The `data` of a reply that starts a session: an object with the member token. */
function sessionData(data: unknown): { token: string; [field: string]: unknown } | null {
  if (typeof data !== "object" || data === null) return null;
  const token = (data as { token?: unknown }).token;
  return typeof token === "string" ? { ...data, token } : null;
}

/** The envelope as the browser gets it: the session's data without its token. */
function withoutToken(envelope: Envelope, { token: _hidden, ...rest }: { token: string }): string {
  return JSON.stringify({ ...envelope, data: rest });
}

/**
 * Reads `reply` for the session. `session` is the operation's (starts or ends); `member` says the request carried a
 * token (a member's call may answer code 3).
 */
export async function readSessionReply(
  reply: Response,
  session: EndpointPolicy["session"],
  member: boolean,
): Promise<SessionReply> {
  // Only the logout operation (GET) ends the session here: another method to that path, HEAD included (the caller
  // passes no operation for a HEAD), is not the operation (the API answers 405) and must leave the member signed in. The cookie goes whatever the API
  // answers to a logout: a reader who asks to sign out is signed out in this browser even if the API is down.
  const endsSession = session === "ends";
  const isJson = (reply.headers.get("Content-Type") ?? "").includes("json");
  if (!isJson || !(member || session)) return { ends: endsSession, started: null, body: reply.body };
  const text = await reply.text();
  // Text that is not an envelope passes on as it came.
  const envelope = parseEnvelope(text);
  const ends = envelope?.code === API_CODE.unauthenticated || endsSession;
  const data = envelope?.code === API_CODE.ok ? sessionData(envelope.data) : null;
  const sessionKey = session === "starts" ? await sessionKeyOf(data?.token ?? null) : null;
  if (!envelope || !data || !sessionKey) return { ends, started: null, body: text };
  return { ends, started: { token: data.token, sessionKey }, body: withoutToken(envelope, data) };
}
