import type { createRequestHandler, ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { pageHandler } from "./page-handler";

const build = { routes: {} } as unknown as ServerBuild;
const request = () => new Request("https://shop.test/");

function creating() {
  const created: unknown[] = [];
  const create = ((given: unknown) => {
    created.push(given);
    return async () => new Response("page");
  }) as unknown as typeof createRequestHandler;
  return { created, create };
}

describe("pageHandler", () => {
  it("hands the built worker's handler the build itself, loaded and derived once for every request", async () => {
    const load = vi.fn(async () => build);
    const { created, create } = creating();
    const handle = pageHandler(load, "production", false, create);
    await Promise.all([handle(request()), handle(request())]);
    expect(await (await handle(request())).text()).toBe("page");
    expect(load).toHaveBeenCalledTimes(1);
    expect(created).toEqual([build]);
  });

  it("loads again after a failed load", async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error("not yet")).mockResolvedValue(build);
    const { created, create } = creating();
    const handle = pageHandler(load, "production", false, create);
    await expect(handle(request())).rejects.toThrow("not yet");
    await handle(request());
    expect(load).toHaveBeenCalledTimes(2);
    expect(created).toEqual([build]);
  });

  it("hands development's handler the loader, so hot reload sees new routes", () => {
    const load = vi.fn(async () => build);
    const { created, create } = creating();
    pageHandler(load, "development", true, create);
    expect(created).toEqual([load]);
    expect(load).not.toHaveBeenCalled();
  });
});
