import { describe, expect, it } from "vitest";
import { hashPassword, isPasswordHash, NO_PASSWORD, verifyPassword } from "./password";

describe("password hashing", () => {
  it("verifies the right password and refuses others", async () => {
    const stored = await hashPassword("Demo1234");
    expect(stored).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword("Demo1234", stored)).toBe(true);
    expect(await verifyPassword("demo1234", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("Demo1234")).not.toBe(await hashPassword("Demo1234"));
  });

  it("refuses a malformed stored value", async () => {
    expect(await verifyPassword("Demo1234", "plain:Demo1234")).toBe(false);
  });
});

describe("members without a password", () => {
  it("have no hash, and nothing verifies against their stored value", async () => {
    expect(isPasswordHash(NO_PASSWORD)).toBe(false);
    expect(isPasswordHash(await hashPassword("Demo1234"))).toBe(true);
    expect(await verifyPassword(NO_PASSWORD, NO_PASSWORD)).toBe(false);
  });
});
