// A drawn PNG (a cover, an editorial picture), from the edge cache when it has one: drawing and deflating a picture
// costs a few milliseconds of CPU (an SVG is a string), and a list shows a dozen, so each is drawn once and kept under
// the `long` policy. The key is the picture's kind and id alone (no leading zeros, no query): the picture depends on
// nothing else the request says.
import { cachedFetch, defaultCache, replyForMethod } from "../cache/edge-cache";
import { CACHE_POLICIES } from "../cache/policies";
import { MEDIA_CACHE_CONTROL } from "./media-cache-control";

interface PngMediaRequest {
  method: string;
  /** The picture's kind, as in its address: covers, activities, articles, banners. */
  kind: string;
  id: number;
  /** Draws the picture, or null when there is no such picture (a 404). Run only on a cache miss. */
  draw: () => Promise<Uint8Array<ArrayBuffer> | null>;
  waitUntil: (promise: Promise<unknown>) => void;
}

export async function pngMediaReply({ method, kind, id, draw, waitUntil }: PngMediaRequest): Promise<Response> {
  const reply = await cachedFetch({
    cache: defaultCache(),
    key: `https://media-cache.internal/${kind}/${id}.png`,
    policy: CACHE_POLICIES.long,
    streamIf: (response) => response.status === 200,
    fetchFresh: async () => {
      const body = await draw();
      if (!body) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
      return new Response(body, { headers: { "Content-Type": "image/png", "Cache-Control": MEDIA_CACHE_CONTROL } });
    },
    waitUntil,
  });
  return replyForMethod(method, reply);
}
