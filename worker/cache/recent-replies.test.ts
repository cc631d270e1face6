import { describe, expect, it } from "vitest";
import { RecentReplies, recentRepliesOf } from "./recent-replies";

const T0 = 1_800_000_000_000;
const reply = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status: 200, headers: { "Content-Type": "text/plain", ...headers } });

describe("RecentReplies", () => {
  it("serves a remembered reply while it is fresh, with its status, headers, body and age", async () => {
    const memory = new RecentReplies();
    const served = await memory.remember("k", reply("頁面", { "X-Kept": "1" }), T0);
    expect(await served.text()).toBe("頁面");
    const hit = memory.fresh("k", T0 + 30_000, 60);
    expect(hit?.ageSeconds).toBe(30);
    expect(hit?.response.status).toBe(200);
    expect(hit?.response.headers.get("X-Kept")).toBe("1");
    expect(await hit?.response.text()).toBe("頁面");
    expect(memory.fresh("other", T0, 60)).toBeUndefined();
  });

  it("forgets a reply once it is no longer fresh", async () => {
    const memory = new RecentReplies();
    await memory.remember("k", reply("a"), T0);
    expect(memory.fresh("k", T0 + 60_000, 60)).toBeUndefined();
    expect(memory.size).toEqual({ entries: 0, bytes: 0 });
    expect(memory.fresh("k", T0 + 1_000, 60)).toBeUndefined();
  });

  it("hands out copies: changing one served body changes neither the memory nor another copy", async () => {
    const memory = new RecentReplies();
    await memory.remember("k", reply("abc"), T0);
    const first = new Uint8Array((await memory.fresh("k", T0, 60)?.response.arrayBuffer()) ?? new ArrayBuffer(0));
    first.set([0x7a, 0x7a, 0x7a]);
    expect(await memory.fresh("k", T0, 60)?.response.text()).toBe("abc");
  });

  it("keeps within its entry and byte limits, dropping the oldest first, and never keeps an oversized body", async () => {
    const memory = new RecentReplies({ maxEntries: 2, maxBytes: 40 });
    for (const key of ["a", "b", "c"]) await memory.remember(key, reply("0123456789"), T0);
    expect(memory.fresh("a", T0, 60)).toBeUndefined();
    expect(memory.size).toEqual({ entries: 2, bytes: 20 });
    await memory.remember("d", reply("0123456789"), T0);
    await memory.remember("e", reply("0123456789"), T0);
    expect(memory.size.entries).toBe(2);
    expect(memory.fresh("e", T0, 60)).toBeDefined();
    // A body over a quarter of the budget is served but not kept.
    const big = await memory.remember("big", reply("x".repeat(11)), T0);
    expect(await big.text()).toBe("x".repeat(11));
    expect(memory.fresh("big", T0, 60)).toBeUndefined();
  });

  it("replaces a key's entry, counting its bytes once", async () => {
    const memory = new RecentReplies();
    await memory.remember("k", reply("old"), T0);
    await memory.remember("k", reply("newer"), T0 + 5_000);
    expect(memory.size).toEqual({ entries: 1, bytes: 5 });
    expect(await memory.fresh("k", T0 + 6_000, 60)?.response.text()).toBe("newer");
  });

  it("keeps one memory per cache", () => {
    const one = {} as Cache;
    const two = {} as Cache;
    expect(recentRepliesOf(one)).toBe(recentRepliesOf(one));
    expect(recentRepliesOf(one)).not.toBe(recentRepliesOf(two));
  });
});
