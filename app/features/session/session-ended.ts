// A session the API has ended (code 3: expired, signed out elsewhere, or ended by 登出其他裝置) sends the reader to
// /login with this mark in the address, and the page says why: without it a reader who pressed 儲存 or 加入購物車
// found a bare sign-in form and no reason. The mark names no one (no personal data in a URL).

/** The address a reader whose session has ended is sent to. */
export const SESSION_ENDED_LOGIN = "/login?session=ended";

/** Whether /login was reached because the session had ended. */
export const isSessionEndedLogin = (url: URL) => url.searchParams.get("session") === "ended";

/** What /login says then. */
export const SESSION_ENDED_REASON =
  "您的登入已經結束（逾時，或已在其他裝置登出），請重新登入；登入後會回到剛才的頁面。";
