import { beforeEach, describe, expect, it, vi } from "vitest";

const navigation = vi.hoisted(() => ({ current: { state: "idle", formData: undefined as FormData | undefined } }));
vi.mock("react-router", () => ({ useNavigation: () => navigation.current }));

const { useIsSubmitting, useSubmittedForm } = await import("./form-submission");

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("the submitting check", () => {
  beforeEach(() => {
    navigation.current = { state: "idle", formData: undefined };
  });

  it("is false while idle and while a page loads", () => {
    expect(useIsSubmitting()).toBe(false);
    navigation.current = { state: "loading", formData: form({ intent: "password" }) };
    expect(useIsSubmitting()).toBe(false);
    expect(useIsSubmitting("password")).toBe(false);
    expect(useSubmittedForm("password")).toBeUndefined();
  });

  it("is true for any form being submitted, and with an intent only for that form", () => {
    const data = form({ intent: "revoke", provider: "google" });
    navigation.current = { state: "submitting", formData: data };
    expect(useIsSubmitting()).toBe(true);
    expect(useIsSubmitting("revoke")).toBe(true);
    expect(useIsSubmitting("password")).toBe(false);
    expect(useSubmittedForm("revoke")?.get("provider")).toBe("google");
    expect(useSubmittedForm("password")).toBeUndefined();
  });
});
