/** What browsers are told of the catalogue's pictures: a day fresh, then a week while they look for a new one. */
export const MEDIA_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
