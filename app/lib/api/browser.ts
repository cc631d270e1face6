// The API client of the browser: same origin, the member's token travels in its HttpOnly cookie (never in script).
import { createApiClient } from "./client";

export const browserApi = createApiClient({ baseUrl: "/api/frontend" });
