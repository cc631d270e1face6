// The route config, derived from the page registry (app/pages.ts): each page in its layout, then the resource routes.
// The route id is the page id, which doubles as the analytics route name.
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { type LayoutId, PAGES, type PageEntry, type PageId, RESOURCE_ROUTES } from "./pages";

const pages = Object.entries(PAGES) as [PageId, PageEntry][];

function pagesIn(which: LayoutId) {
  return pages
    .filter(([, page]) => page.layout === which)
    .map(([id, page]) => (page.path === "/" ? index(page.file, { id }) : route(page.path.slice(1), page.file, { id })));
}

export default [
  // Member pages sit inside the default layout (header and footer) and add their own (sign-in required).
  layout("layouts/default.tsx", [...pagesIn("default"), layout("layouts/member.tsx", pagesIn("member"))]),
  layout("layouts/guest.tsx", pagesIn("guest")),
  ...pagesIn("none"),
  ...RESOURCE_ROUTES.map(({ id, path, file }) => route(path.slice(1), file, { id })),
] satisfies RouteConfig;
