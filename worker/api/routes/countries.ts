import { Hono } from "hono";
import { COUNTRIES } from "~/domain/countries";
import { ok } from "../envelope";
import type { ApiEnv } from "../types";

export const countryRoutes = new Hono<ApiEnv>().get("/", (c) => ok(c, COUNTRIES));
