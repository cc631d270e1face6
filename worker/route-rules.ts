// SPEC §4–§5 route rules, applied before any render: a non-numeric id on an id route goes home (302); an id with
// leading zeros moves for good to its one address (301), the query kept.
import { createMiddleware } from "hono/factory";
import { numericIdRedirect, pagePathOfDataRequest } from "~/domain/route-rules";
import type { WorkerEnv } from "./types";

export const routeRules = createMiddleware<WorkerEnv>(async (c, next) => {
  const { pathname, search } = new URL(c.req.url);
  const dataPagePath = pagePathOfDataRequest(pathname);
  const target = numericIdRedirect(dataPagePath ?? pathname);
  if (target && dataPagePath === null) return target === "/" ? c.redirect("/", 302) : c.redirect(target + search, 301);
  // A data request cannot take a plain 302 (the client would decode the home page's HTML as data): the root
  // route's server middleware throws React Router's own redirect for it instead.
  c.set("routeRedirect", target);
  await next();
});
