// Page titles by page id, from the page registry (app/pages.ts).
import { isPageId, type PageId, pageTitle } from "~/pages";

export type { PageId };

/** The title of a page; an unknown id does not compile. */
export const routeTitle = (id: PageId): string => pageTitle(id);

/** The title of the route a match names (route ids are page ids); "" for a route that is not a page. */
export const matchTitle = (id: string | undefined): string => (isPageId(id) ? pageTitle(id) : "");
