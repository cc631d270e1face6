// Cover, sample-page and editorial pictures of the built-in catalogue, drawn from the database facts.
import { Hono } from "hono";
import { findPictureFacts, isPictureKind } from "../api/queries/pictures";
import { findCoverFacts } from "../api/queries/products";
import { CATALOGUE_READS } from "../d1-session";
import type { WorkerEnv } from "../types";
import { coverSvg, pictureSvg, samplePageSvg } from "./cover-art";
import { coverPng } from "./cover-png";
import { MEDIA_CACHE_CONTROL } from "./media-cache-control";
import { picturePng } from "./picture-png";
import { pngMediaReply } from "./png-media-reply";
import { samplePagePng } from "./sample-page-png";

const svg = (body: string) =>
  new Response(body, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": MEDIA_CACHE_CONTROL },
  });

/** A sample page's size, as the seed records it (scripts/seed/catalogue.mjs). */
const SAMPLE_WIDTH = 600;
const SAMPLE_HEIGHT = 840;

/**
 * A picture file's id and kind: `N.png` (what the seed writes for covers, sample pages, activities and articles) or
 * `N.svg` (the banners, whose words are the picture, and catalogues seeded before the PNGs).
 */
const pictureFileOf = (file: string) => {
  const match = /^(\d{1,15})\.(png|svg)$/.exec(file);
  return match ? { id: Number(match[1]), kind: match[2] as "png" | "svg" } : null;
};

export const media = new Hono<WorkerEnv>()
  .get("/covers/:file", async (c) => {
    const file = pictureFileOf(c.req.param("file"));
    const db = c.env.DB.withSession(CATALOGUE_READS);
    if (file?.kind === "png") {
      return pngMediaReply({
        method: c.req.method,
        kind: "covers",
        id: file.id,
        draw: async () => {
          const facts = await findCoverFacts(db, file.id);
          return facts && coverPng({ id: file.id, ...facts });
        },
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      });
    }
    const facts = file ? await findCoverFacts(db, file.id) : null;
    if (!file || !facts) return c.text("Not found", 404);
    return svg(coverSvg({ id: file.id, ...facts }));
  })
  .get("/samples/:product/:file", async (c) => {
    const id = /^\d{1,15}$/.test(c.req.param("product")) ? Number(c.req.param("product")) : null;
    const file = pictureFileOf(c.req.param("file"));
    const page = file && file.id >= 1 && file.id <= 20 ? file.id : null;
    const db = c.env.DB.withSession(CATALOGUE_READS);
    if (id && page && file?.kind === "png") {
      return pngMediaReply({
        method: c.req.method,
        kind: `samples/${id}`,
        id: page,
        draw: async () => {
          const facts = await findCoverFacts(db, id);
          return (
            facts &&
            samplePagePng({
              page,
              width: SAMPLE_WIDTH,
              height: SAMPLE_HEIGHT,
              titleCharacters: [...facts.title].length,
            })
          );
        },
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      });
    }
    const facts = id && page ? await findCoverFacts(db, id) : null;
    if (!facts || !page) return c.text("Not found", 404);
    return svg(samplePageSvg({ title: facts.title, page, width: SAMPLE_WIDTH, height: SAMPLE_HEIGHT }));
  })
  .get("/:kind/:file", async (c) => {
    const kind = c.req.param("kind");
    const file = pictureFileOf(c.req.param("file"));
    if (!file || !isPictureKind(kind)) return c.text("Not found", 404);
    const db = c.env.DB.withSession(CATALOGUE_READS);
    if (file.kind === "png") {
      return pngMediaReply({
        method: c.req.method,
        kind,
        id: file.id,
        draw: async () => {
          const facts = await findPictureFacts(db, kind, file.id);
          return facts && picturePng({ id: file.id, width: facts.width, height: facts.height });
        },
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      });
    }
    const facts = await findPictureFacts(db, kind, file.id);
    if (!facts) return c.text("Not found", 404);
    return svg(pictureSvg({ id: file.id, ...facts }));
  });
