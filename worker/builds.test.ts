import { describe, expect, it } from "vitest";
import { buildsApp } from "./builds";

const app = buildsApp({ id: "build-42", timestamp: 1_700_000_000_000 });

describe("build-update endpoints", () => {
  it("serves the latest build, not cacheable", async () => {
    const res = await app.request("/latest.json");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: "build-42", timestamp: 1_700_000_000_000 });
    expect(res.headers.get("Cache-Control")).toContain("no-store");
  });

  it("serves the current build's meta as immutable", async () => {
    const res = await app.request("/meta/build-42.json");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: "build-42" });
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers 404 for another build's meta", async () => {
    const res = await app.request("/meta/other.json");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 4 });
  });
});
