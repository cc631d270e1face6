// Cover, sample-page and editorial pictures of the built-in catalogue, drawn from the database facts.
import { Hono } from "hono";
import { findPictureFacts, isPictureKind } from "../api/queries/pictures";
import { findCoverFacts } from "../api/queries/products";
import { CATALOGUE_READS } from "../d1-session";
import type { WorkerEnv } from "../types";
import { coverSvg, pictureSvg, samplePageSvg } from "./cover-art";
import { MEDIA_CACHE_CONTROL } from "./media-cache-control";
import { pngCoverReply } from "./png-cover-reply";

const svg = (body: string) =>
  new Response(body, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": MEDIA_CACHE_CONTROL },
  });

const idOf = (file: string) => (/^\d{1,15}\.svg$/.test(file) ? Number(file.slice(0, -4)) : null);

/** A cover file's id and kind: `N.png` (what the seed writes) or `N.svg` (catalogues seeded before the PNG covers). */
const coverFileOf = (file: string) => {
  const match = /^(\d{1,15})\.(png|svg)$/.exec(file);
  return match ? { id: Number(match[1]), kind: match[2] as "png" | "svg" } : null;
};

export const media = new Hono<WorkerEnv>()
  .get("/covers/:file", async (c) => {
    const file = coverFileOf(c.req.param("file"));
    if (file?.kind === "png") {
      const waitUntil = (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise);
      return pngCoverReply({ method: c.req.method, id: file.id, db: c.env.DB, waitUntil });
    }
    const facts = file ? await findCoverFacts(c.env.DB.withSession(CATALOGUE_READS), file.id) : null;
    if (!file || !facts) return c.text("Not found", 404);
    return svg(coverSvg({ id: file.id, ...facts }));
  })
  .get("/samples/:product/:file", async (c) => {
    const id = /^\d{1,15}$/.test(c.req.param("product")) ? Number(c.req.param("product")) : null;
    const page = idOf(c.req.param("file"));
    const facts = id ? await findCoverFacts(c.env.DB.withSession(CATALOGUE_READS), id) : null;
    if (!facts || !page || page > 20) return c.text("Not found", 404);
    return svg(samplePageSvg({ title: facts.title, page, width: 600, height: 840 }));
  })
  .get("/:kind/:file", async (c) => {
    const kind = c.req.param("kind");
    const id = idOf(c.req.param("file"));
    const facts =
      id && isPictureKind(kind) ? await findPictureFacts(c.env.DB.withSession(CATALOGUE_READS), kind, id) : null;
    if (!id || !facts) return c.text("Not found", 404);
    return svg(pictureSvg({ id, ...facts }));
  });
