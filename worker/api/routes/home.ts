import { Hono } from "hono";
import { ok } from "../envelope";
import { homeSections } from "../queries/home";
import type { ApiEnv } from "../types";

export const homeRoutes = new Hono<ApiEnv>().get("/", async (c) => ok(c, await homeSections(c.env.DB)));
