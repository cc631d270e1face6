// When the bookstore's data cannot be had for now (the API origin hangs, fails or answers something that is not an
// envelope): what readers and API clients are told, by the proxy's code-5 replies and by the pages alike.

/** The page's heading and the API's message. */
export const UNAVAILABLE_TITLE = "暫時無法取得資料";
export const UNAVAILABLE_MESSAGE = "暫時無法取得資料，請稍後再試";

/** The Retry-After of those replies and pages: the reader may try again after this long. */
export const RETRY_AFTER_SECONDS = 30;
