import { afterEach, describe, expect, it, vi } from "vitest";
import { currentSession, onSessionEnded, sessionEnded, setCurrentSession } from "./session-end";

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

  it("does nothing once the handler is removed", () => {
    const handler = vi.fn();
    onSessionEnded(handler)();
    setCurrentSession("a");
    sessionEnded("a");
    expect(handler).not.toHaveBeenCalled();
  });
});
