import { describe, expect, it } from "vitest";
import { readLimitedBody, tooLarge } from "./body-limit";

const post = (body: string) => new Request("https://s.test/api/frontend/member/login", { method: "POST", body });

describe("readLimitedBody", () => {
  it("returns a body within the limit whole", async () => {
    const bytes = await readLimitedBody(post('{"email":"讀者@example.com"}'), 1024);
    expect(new TextDecoder().decode(bytes!)).toBe('{"email":"讀者@example.com"}');
  });

  it("refuses a body past the limit, and one past the drain cap", async () => {
    expect(await readLimitedBody(post("x".repeat(2048)), 1024)).toBeNull();
    expect(await readLimitedBody(post("x".repeat(2 * 1024 * 1024)), 1024)).toBeNull();
  });

  it("answers 413 with code 2 in Chinese", async () => {
    const res = tooLarge();
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 2, message: "請求內容過大（上限 64 KB）" });
  });
});
