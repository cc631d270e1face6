// A PNG cover, from the edge cache when it has one: drawing and deflating a cover costs a few milliseconds of CPU (an
// SVG cover is a string), and a list shows a dozen, so each is drawn once and kept under the `long` policy. The key is
// the cover's id alone (no leading zeros, no query): the picture depends on nothing else the request says.
import { findCoverFacts } from "../api/queries/products";
import { cachedFetch, defaultCache, replyForMethod } from "../cache/edge-cache";
import { CACHE_POLICIES } from "../cache/policies";
import { CATALOGUE_READS } from "../d1-session";
import { coverPng } from "./cover-png";
import { MEDIA_CACHE_CONTROL } from "./media-cache-control";

interface PngCoverRequest {
  method: string;
  id: number;
  db: D1Database;
  waitUntil: (promise: Promise<unknown>) => void;
}

export async function pngCoverReply({ method, id, db, waitUntil }: PngCoverRequest): Promise<Response> {
  const reply = await cachedFetch({
    cache: defaultCache(),
    key: `https://media-cache.internal/covers/${id}.png`,
    policy: CACHE_POLICIES.long,
    streamIf: (response) => response.status === 200,
    fetchFresh: async () => {
      const facts = await findCoverFacts(db.withSession(CATALOGUE_READS), id);
      if (!facts) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
      const body = await coverPng({ id, ...facts });
      return new Response(body, { headers: { "Content-Type": "image/png", "Cache-Control": MEDIA_CACHE_CONTROL } });
    },
    waitUntil,
  });
  return replyForMethod(method, reply);
}
