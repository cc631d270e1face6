import { describe, expect, it } from "vitest";
import { sessionKeyOf } from "~/features/session/session-key";
import { readSessionReply } from "./session-reply";

const json = (body: unknown) => Response.json(body);

describe("what a reply does to the session", () => {
  it("passes a guest's reply on as its own stream, unread", async () => {
    const reply = json({ code: 3, message: "請先登入會員" });
    const read = await readSessionReply(reply, undefined, false);
    expect(read).toEqual({ ends: false, started: null, body: reply.body });
    expect(reply.bodyUsed).toBe(false);
  });

  it("ends the session on code 3 of a member's call, passing the text on as it came", async () => {
    const text = '{"code":3,"message":"請先登入會員"}';
    const reply = new Response(text, { headers: { "Content-Type": "application/json" } });
    expect(await readSessionReply(reply, undefined, true)).toEqual({ ends: true, started: null, body: text });
  });

  it("ends it on the logout operation whatever the API answers, even a reply that is not JSON", async () => {
    const reply = new Response("bad gateway", { status: 502, headers: { "Content-Type": "text/plain" } });
    expect((await readSessionReply(reply, "ends", true)).ends).toBe(true);
  });

  it("starts a session on a sign-in's success, and takes the token out of the body", async () => {
    const reply = json({ code: 1, message: "成功", data: { token: "tok-0123456789", expires_at: "2030-01-01" } });
    const read = await readSessionReply(reply, "starts", false);
    expect(read.ends).toBe(false);
    expect(read.started).toEqual({ token: "tok-0123456789", sessionKey: await sessionKeyOf("tok-0123456789") });
    expect(JSON.parse(read.body as string)).toEqual({ code: 1, message: "成功", data: { expires_at: "2030-01-01" } });
  });

  it("starts none when the sign-in fails or holds no token", async () => {
    for (const body of [
      { code: 2, message: "帳號或密碼錯誤", data: { token: "tok" } },
      { code: 1, message: "成功", data: { token: "" } },
      { code: 1, message: "成功", data: null },
    ]) {
      const read = await readSessionReply(json(body), "starts", false);
      expect(read.started).toBeNull();
      expect(JSON.parse(read.body as string)).toEqual(body);
    }
  });

  it("starts none for a call that is not a sign-in, even when its data has a token", async () => {
    const read = await readSessionReply(json({ code: 1, message: "成功", data: { token: "t" } }), undefined, true);
    expect(read.started).toBeNull();
  });
});
