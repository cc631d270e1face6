import { expect, type Page } from "@playwright/test";

export const DEMO_MEMBER = { email: "demo@example.com", password: "Demo1234", name: "林靜宜" };

/** Signs the demo member in through the API; the proxy puts the token cookie into the page's context. */
export async function signInDemo(page: Page) {
  const res = await page.request.post("/api/frontend/member/login", {
    data: { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password },
  });
  expect((await res.json()).code).toBe(1);
}

/** Registers a new member of the test's own (so tests never change the demo member's data) and signs them in. */
export async function signInNewMember(page: Page) {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const res = await page.request.post("/api/frontend/member/register", {
    data: { email, password: "Lotus2026", name: "測試讀者" },
  });
  expect((await res.json()).code).toBe(1);
  return email;
}
