// Whether an error is the browser's own failure to reach the server (offline, a dropped connection): what fetch()
// rejects with, as React Router passes it on when a client navigation's data (`.data`) could not be loaded. Such a
// page is not a wrong link, and must not be called one (error-page.tsx says 連線失敗 and offers to load it again).
// A failed chunk (dynamic import) is another case: the page reloads itself (boot-script.ts).

/** fetch()'s rejection messages: Chromium, Firefox, Safari, and React Native's (kept by some polyfills). */
const FETCH_FAILED =
  /^(Failed to fetch|NetworkError when attempting to fetch resource\.|Load failed|Network request failed)$/;

export function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError && FETCH_FAILED.test(error.message);
}
