import { afterEach, describe, expect, it, vi } from "vitest";
import {
  currentSession,
  navigationFinished,
  onSessionEnded,
  sessionEnded,
  setCurrentSession,
  signingOut,
} from "./session-end";

describe("sessionEnded", () => {
  let remove: () => void = () => {};
  afterEach(() => remove());

  it("ends the session the reply was sent in", () => {
    const handler = vi.fn();
    remove = onSessionEnded(handler);
    setCurrentSession("a");
    sessionEnded(currentSession());
    expect(handler).toHaveBeenCalledOnce();
  });

  it("ignores a late reply sent in an earlier session or as a guest", () => {
    const handler = vi.fn();
    remove = onSessionEnded(handler);
    setCurrentSession("b");
    sessionEnded("a");
    sessionEnded(null);
    expect(handler).not.toHaveBeenCalled();
  });

  it("a guest's own code 3 still counts", () => {
    const handler = vi.fn();
    remove = onSessionEnded(handler);
    setCurrentSession(null);
    sessionEnded(null);
    expect(handler).toHaveBeenCalledOnce();
  });

  it("ignores every reply once the reader signs out, also of requests sent after pressing 登出", () => {
    const handler = vi.fn();
    remove = onSessionEnded(handler);
    setCurrentSession("a");
    const before = currentSession();
    signingOut();
    const during = currentSession();
    sessionEnded(before);
    sessionEnded(during);
    sessionEnded();
    expect(handler).not.toHaveBeenCalled();
    // The sign-out's reply cleared the marker: the page is still signing out until its navigation has finished.
    setCurrentSession(null);
    sessionEnded(currentSession());
    expect(handler).not.toHaveBeenCalled();
    // Home has loaded as a guest's page: a late reply to a request started while signing out still counts for nothing.
    navigationFinished(null);
    sessionEnded(during);
    expect(handler).not.toHaveBeenCalled();
    // The guest's own requests count again.
    sessionEnded(currentSession());
    expect(handler).toHaveBeenCalledOnce();
  });

  it("counts a reply of the session that ended under the page, which may have read the cleared marker first", () => {
    const handler = vi.fn();
    remove = onSessionEnded(handler);
    setCurrentSession("a");
    const sent = currentSession();
    // The code-3 reply cleared the marker cookie; the page noticed before the reply's body was read.
    setCurrentSession(null);
    sessionEnded(sent);
    expect(handler).toHaveBeenCalledOnce();
    // Only that session's, and only until another session starts.
    sessionEnded("b");
    setCurrentSession("c");
    sessionEnded(sent);
    expect(handler).toHaveBeenCalledOnce();
  });

  it("does nothing once the handler is removed", () => {
    const handler = vi.fn();
    onSessionEnded(handler)();
    setCurrentSession("a");
    sessionEnded("a");
    expect(handler).not.toHaveBeenCalled();
  });
});
