// Past a rate limit (worker/rate-limits.ts): what API clients and readers are told, and when they may try again.

/** Every [[ratelimits]] period in wrangler.toml: a refused client may try again after at most this long. */
export const RATE_LIMIT_PERIOD_SECONDS = 60;

/** The error page's heading and the API's message. */
export const TOO_MANY_REQUESTS_TITLE = "操作太頻繁";
export const TOO_MANY_REQUESTS_MESSAGE = `操作太頻繁，請 ${RATE_LIMIT_PERIOD_SECONDS / 60} 分鐘後再試`;
