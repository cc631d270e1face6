import { describe, expect, it } from "vitest";
import { fieldErrors, formText, hasFieldErrors } from "./field-errors";

describe("field errors", () => {
  it("keeps the fields with a message, in order", () => {
    const errors = fieldErrors({ email: undefined, name: "請輸入姓名", password: "密碼至少 8 個字元" });
    expect(errors).toEqual({ name: "請輸入姓名", password: "密碼至少 8 個字元" });
    expect(Object.keys(errors)).toEqual(["name", "password"]);
    expect(hasFieldErrors(errors)).toBe(true);
    expect(hasFieldErrors(fieldErrors({ email: undefined }))).toBe(false);
  });

  it("reads a posted text field, a missing or file field as empty", () => {
    const form = new FormData();
    form.set("email", " reader@example.com ");
    form.set("file", new Blob(["x"]));
    expect(formText(form, "email")).toBe(" reader@example.com ");
    expect(formText(form, "missing")).toBe("");
    expect(formText(form, "file")).toBe("");
  });
});
