import { describe, expect, it } from "vitest";
import { sharedReads } from "./request-reads";

function counting() {
  const calls: string[] = [];
  const apiFetch = async (request: Request) => {
    calls.push(`${request.method} ${new URL(request.url).pathname.replace("/api/frontend", "")}`);
    if (request.url.endsWith("/fails")) throw new Error("down");
    return Response.json({ code: 1, message: "成功", data: { n: calls.length } });
  };
  return { calls, fetch: sharedReads(apiFetch) };
}

const at = (path: string, init?: RequestInit) => new Request(`https://shop.test/api/frontend${path}`, init);

describe("sharedReads", () => {
  it("asks one GET once for two loaders at the same time, each reading the whole reply", async () => {
    const { calls, fetch } = counting();
    const [a, b] = await Promise.all([fetch(at("/member/profile")), fetch(at("/member/profile"))]);
    expect(await a.json()).toEqual(await b.json());
    expect(calls).toEqual(["GET /member/profile"]);
    expect(await (await fetch(at("/member/profile"))).json()).toMatchObject({ data: { n: 1 } });
  });

  it("asks different URLs, or the same one as another reader, apart", async () => {
    const { calls, fetch } = counting();
    await fetch(at("/member/profile"));
    await fetch(at("/member/orders"));
    await fetch(at("/member/profile", { headers: { Cookie: "bookstore_token=other" } }));
    expect(calls).toHaveLength(3);
  });

  it("reads anew after a write, and never keeps a failed call", async () => {
    const { calls, fetch } = counting();
    await fetch(at("/member/profile"));
    await fetch(at("/member/profile", { method: "PUT", body: "{}" }));
    await fetch(at("/member/profile"));
    expect(calls).toEqual(["GET /member/profile", "PUT /member/profile", "GET /member/profile"]);
    await expect(fetch(at("/fails"))).rejects.toThrow("down");
    await expect(fetch(at("/fails"))).rejects.toThrow("down");
    expect(calls.filter((call) => call.endsWith("/fails"))).toHaveLength(2);
  });
});
