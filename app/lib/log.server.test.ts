import { afterEach, describe, expect, it, vi } from "vitest";
import { inRequestScope, log } from "./log.server";

afterEach(() => vi.restoreAllMocks());

describe("log", () => {
  it("writes one JSON line with the level, the place and the request id of the scope it runs in", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await inRequestScope("req-12345678", async () => {
      await Promise.resolve();
      log.warn("edge-cache", { what: "put", key: "k" });
    });
    expect(warn).toHaveBeenCalledOnce();
    expect(JSON.parse(warn.mock.calls[0]?.[0] as string)).toEqual({
      level: "warn",
      where: "edge-cache",
      request_id: "req-12345678",
      what: "put",
      key: "k",
    });
  });

  it("names no request outside one (a cron run), and writes errors and information at their own level", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    log.error("scheduled", { message: "boom" });
    log.info("scheduled", { ms: 3 });
    expect(JSON.parse(error.mock.calls[0]?.[0] as string)).toMatchObject({ level: "error", request_id: null });
    expect(JSON.parse(info.mock.calls[0]?.[0] as string)).toMatchObject({ level: "info", ms: 3 });
  });
});
