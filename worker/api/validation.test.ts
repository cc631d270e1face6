import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issueMessage } from "./validation";

const schema = z.object({ email: z.string().min(1, "請輸入電子郵件"), age: z.number() });
const firstIssue = (value: unknown) => schema.safeParse(value).error?.issues[0];

describe("issueMessage", () => {
  it("keeps a Chinese message written in the schema", () => {
    expect(issueMessage(firstIssue({ email: "", age: 1 }))).toBe("請輸入電子郵件");
  });
  it("names the field when zod's own (English) message would leak", () => {
    expect(issueMessage(firstIssue({ email: "a", age: "x" }))).toBe("欄位「age」格式不正確");
  });
  it("names fields a strict object does not accept", () => {
    const strict = z.object({ a: z.number() }).strict();
    expect(issueMessage(strict.safeParse({ a: 1, b: 2, c: 3 }).error?.issues[0])).toBe("不接受的欄位：b、c");
  });

  it("says the body must be a JSON object when it is not one", () => {
    expect(issueMessage(firstIssue([1, 2]))).toBe("請求內容必須是 JSON 物件");
    expect(issueMessage(firstIssue("text"))).toBe("請求內容必須是 JSON 物件");
  });
});
