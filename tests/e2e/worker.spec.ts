// Worker behaviours seen over HTTP: health, security headers, build-update files, numeric-id route rules.

import { clientNavigate, waitForHydration } from "../support/hydration";
import { NON_NUMERIC_ID_PATHS } from "../support/routes";
import { expect, test } from "../support/test";

test("GET /healthz answers ok with the build id, not cacheable", async ({ request }) => {
  const res = await request.get("/healthz");
  expect(res.status()).toBe(200);
  expect(res.headers()["cache-control"]).toBe("no-store");
  expect(await res.json()).toMatchObject({ status: "ok", build: expect.any(String) });
});

test("every reply carries a request id and the security headers", async ({ request }) => {
  for (const path of ["/", "/healthz", "/api/frontend/env", "/no/such/page"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["x-request-id"], path).toMatch(/^[\w-]{8,}$/);
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  }
});

test("the CSP nonce reaches every script of the page", async ({ request }) => {
  const res = await request.get("/");
  const nonce = /'nonce-([^']+)'/.exec(res.headers()["content-security-policy"] ?? "")?.[1];
  expect(nonce).toBeTruthy();
  const html = await res.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(1);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
});

test("a same-origin form post keeps its origin under the Referrer-Policy", async ({ page }) => {
  await page.goto("/");
  // Only the request the browser sends matters here; no route of the skeleton takes posts yet.
  await page.route("**/order-search", (route) => route.fulfill({ body: "ok" }));
  const posted = page.waitForRequest((r) => r.method() === "POST");
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/order-search";
    document.body.appendChild(form);
    form.submit();
  });
  const request = await posted;
  const origin = new URL(page.url()).origin;
  expect(await request.headerValue("origin")).toBe(origin);
  expect(await request.headerValue("referer")).toBe(`${origin}/`);
});

test("the latest-build file is not cacheable and names this build; its meta file is immutable", async ({ request }) => {
  const latest = await request.get("/_app/builds/latest.json");
  expect(latest.headers()["cache-control"]).toContain("no-store");
  const body = await latest.json();
  expect(body).toEqual({ id: expect.any(String), timestamp: expect.any(Number) });
  expect((await (await request.get("/healthz")).json()).build).toBe(body.id);

  const meta = await request.get(`/_app/builds/meta/${body.id}.json`);
  expect(meta.status()).toBe(200);
  expect(meta.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(await meta.json()).toMatchObject({ id: body.id, timestamp: body.timestamp });
  expect((await request.get("/_app/builds/meta/not-a-build.json")).status()).toBe(404);
});

for (const path of NON_NUMERIC_ID_PATHS) {
  test(`document request ${path} is redirected home before rendering`, async ({ request }) => {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe("/");
  });
}

test("a non-numeric id reached by client navigation (data request) lands on the home page", async ({ page }) => {
  await page.goto("/about/cultural");
  await waitForHydration(page);
  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
  await clientNavigate(page, "/product/abc");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "覺林書房" })).toBeVisible();
  expect(documents).toEqual([]);
});

test("numeric ids and the static sibling pages are not redirected", async ({ request }) => {
  for (const path of ["/product/1", "/product/new-books", "/product/type", "/news/list", "/activity/welcome"]) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(200);
  }
});
