import { expect, type Page } from "@playwright/test";

export const DEMO_MEMBER = { email: "demo@example.com", password: "Demo1234", name: "林靜宜" };

/** Signs the demo member in through the API; the proxy puts the token cookie into the page's context. */
export async function signInDemo(page: Page) {
  const res = await page.request.post("/api/frontend/member/login", {
    data: { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password },
  });
  expect((await res.json()).code).toBe(1);
}
