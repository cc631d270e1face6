import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { drainUnreadBody } from "./drain-unread-body";

function countingBody(chunks: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled += 1;
      controller.enqueue(new Uint8Array(1024));
    },
  });
  return { body, pulled: () => pulled };
}

describe("drainUnreadBody", () => {
  it("reads the body a refusal left unread", async () => {
    const app = new Hono().use(drainUnreadBody).post("/", (c) => c.json({ code: 7 }, 429));
    const { body, pulled } = countingBody(5);
    const reply = await app.request("/", { method: "POST", body, duplex: "half" } as RequestInit);
    expect(reply.status).toBe(429);
    expect(pulled()).toBe(5);
  });

  it("leaves a body the handler read alone", async () => {
    const app = new Hono().use(drainUnreadBody).post("/", async (c) => c.text(String((await c.req.text()).length)));
    const reply = await app.request("/", { method: "POST", body: "abc" });
    expect(await reply.text()).toBe("3");
  });
});
