// Request bodies for /api/frontend are small JSON. The edge reads a body before passing it on: past the limit it
// answers 413 (code 2). An oversized body is drained up to a hard cap first, because answering before the upload
// ends makes some clients and proxies drop the connection instead of reading the reply.
import { API_CODE } from "~/http/api-codes";

export const API_BODY_LIMIT_BYTES = 64 * 1024;
const DRAIN_CAP_BYTES = 1024 * 1024;

export function tooLarge(limit = API_BODY_LIMIT_BYTES): Response {
  return Response.json(
    { code: API_CODE.invalidInput, message: `請求內容過大（上限 ${Math.floor(limit / 1024)} KB）` },
    { status: 413, headers: { "Cache-Control": "no-store", Connection: "close" } },
  );
}

/** The body as bytes, or null when it is larger than the limit. */
export async function readLimitedBody(
  request: Request,
  limit = API_BODY_LIMIT_BYTES,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > DRAIN_CAP_BYTES) {
      await reader.cancel();
      return null;
    }
    if (size <= limit) chunks.push(value);
  }
  if (size > limit) return null;
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Reads and drops what is left of a request body (up to the hard cap), so a reply sent before reading it is read. */
export async function drainBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  try {
    // With a limit of 0 nothing is kept, and the reading stops at the hard cap.
    await readLimitedBody(request, 0);
  } catch {
    // The client went away or the body is locked by a reader still at work: nothing left to drain.
  }
}
