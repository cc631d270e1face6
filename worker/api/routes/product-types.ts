import { Hono } from "hono";
import { ok } from "../envelope";
import { listProductTypes } from "../queries/catalogue";
import type { ApiEnv } from "../types";

export const productTypeRoutes = new Hono<ApiEnv>().get("/", async (c) => ok(c, await listProductTypes(c.env.DB)));
