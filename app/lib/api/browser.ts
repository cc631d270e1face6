// The API client of the browser: same origin, the member's token travels in its HttpOnly cookie (never in script).
// On code 3 the worker's proxy has already cleared the cookie; the page then drops member data and asks to sign in.
import { currentSession, sessionEnded } from "../../features/session/session-end";
import { createApiClient } from "./client";

export const browserApi = createApiClient({
  baseUrl: "/api/frontend",
  sessionAtRequest: currentSession,
  clearToken: sessionEnded,
});
