import { describe, expect, it } from "vitest";
import { fetchLatestBuildId, isNewerBuild, LATEST_BUILD_URL } from "./build-latest";

describe("build update", () => {
  it("reads the latest build id without the cache", async () => {
    const seen: [string, RequestInit | undefined][] = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      seen.push([url, init]);
      return Response.json({ id: "b2", timestamp: 1 });
    }) as typeof fetch;
    expect(await fetchLatestBuildId(fetcher)).toBe("b2");
    expect(seen).toEqual([[LATEST_BUILD_URL, { cache: "no-store" }]]);
  });

  it("treats failures and odd replies as no news", async () => {
    expect(await fetchLatestBuildId((async () => new Response("x", { status: 503 })) as typeof fetch)).toBeNull();
    expect(await fetchLatestBuildId((async () => Response.json({ id: 3 })) as typeof fetch)).toBeNull();
    expect(
      await fetchLatestBuildId((async () => {
        throw new TypeError("offline");
      }) as typeof fetch),
    ).toBeNull();
  });

  it("sees a newer build only when the id differs", () => {
    expect(isNewerBuild("b1", "b2")).toBe(true);
    expect(isNewerBuild("b1", "b1")).toBe(false);
    expect(isNewerBuild("b1", null)).toBe(false);
  });
});
