import { describe, expect, it } from "vitest";
import { isOfflineReply, sendUnlessOffline, skipRevalidationAfterOffline } from "./offline-submission";

const posted = () =>
  new Request("http://shop.test/member/profile", { method: "POST", body: new URLSearchParams({ name: "王小明" }) });
const revalidation = (actionResult: unknown) =>
  skipRevalidationAfterOffline({ actionResult, defaultShouldRevalidate: true } as never);

describe("sendUnlessOffline", () => {
  it("gives the server action's reply as it is", async () => {
    const reply = await sendUnlessOffline(
      posted(),
      async () => ({ saved: true }),
      () => ({ lost: true }),
    );
    expect(reply).toEqual({ saved: true });
    expect(isOfflineReply(reply)).toBe(false);
    expect(revalidation(reply)).toBe(true);
  });

  it("makes the form's reply from what was sent when the connection lost it, and nothing is revalidated", async () => {
    const reply = await sendUnlessOffline(
      posted(),
      () => Promise.reject(new TypeError("Failed to fetch")),
      (form) => ({ name: form.get("name") }),
    );
    expect(reply).toMatchObject({ name: "王小明" });
    expect(isOfflineReply(reply)).toBe(true);
    // A server reply that happens to have such a field is not one.
    expect(isOfflineReply({ offline: true })).toBe(false);
    expect(revalidation(reply)).toBe(false);
  });

  it("lets a lost form with nothing to keep (the route says null) go on to the error boundary", async () => {
    const lost = new TypeError("Failed to fetch");
    await expect(
      sendUnlessOffline(
        posted(),
        () => Promise.reject(lost),
        () => null,
      ),
    ).rejects.toBe(lost);
  });

  it("lets any other failure (a bug, a redirect, a server error) go on to the error boundary", async () => {
    const failure = new Error("boom");
    await expect(
      sendUnlessOffline(
        posted(),
        () => Promise.reject(failure),
        () => ({}),
      ),
    ).rejects.toBe(failure);
    const redirect = new Response(null, { status: 302, headers: { Location: "/login" } });
    await expect(
      sendUnlessOffline(
        posted(),
        () => Promise.reject(redirect),
        () => ({}),
      ),
    ).rejects.toBe(redirect);
  });
});
