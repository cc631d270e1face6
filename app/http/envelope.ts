// Reading a reply of /api/frontend as SPEC §7–§8 say: the text is trimmed and parsed as JSON, and it is an envelope
// only when that is an object with a numeric code. The app's client, the worker's proxy and its edge cache all read
// replies here, and compare the code with API_CODE names.

export interface Envelope {
  code: number;
  /** The server's message for people; absent (or not text) means none. */
  message?: string;
  data?: unknown;
}

/** The envelope in a reply's text, or null when the text is not one. */
export function parseEnvelope(text: string): Envelope | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim());
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
  const envelope = parsed as { code?: unknown; message?: unknown };
  if (typeof envelope.code !== "number") return null;
  // A message that is not text is no message (the reader falls back to 未知錯誤(code)).
  if (envelope.message !== undefined && typeof envelope.message !== "string") {
    return { ...(parsed as Envelope), message: undefined };
  }
  return parsed as Envelope;
}
