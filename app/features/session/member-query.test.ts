import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { isMemberQuery, memberQueryKey, removeMemberQueries } from "./member-query";

describe("memberQueryKey", () => {
  it("puts the session key between the root and the query's own parts", () => {
    expect(memberQueryKey("abc", "likes")).toEqual(["member", "abc", "likes"]);
    expect(memberQueryKey("abc", "favorites", 0, 2)).toEqual(["member", "abc", "favorites", 0, 2]);
  });

  it("gives two sessions different keys for the same data", () => {
    expect(memberQueryKey("a", "likes")).not.toEqual(memberQueryKey("b", "likes"));
  });
});

describe("isMemberQuery", () => {
  it("knows member data from other data, and another session's from the current one", () => {
    expect(isMemberQuery(["search-suggestions", "x"])).toBe(false);
    expect(isMemberQuery(memberQueryKey("a", "likes"))).toBe(true);
    expect(isMemberQuery(memberQueryKey("a", "likes"), "a")).toBe(false);
    expect(isMemberQuery(memberQueryKey("a", "likes"), "b")).toBe(true);
    expect(isMemberQuery(memberQueryKey("a", "likes"), null)).toBe(true);
  });
});

describe("removeMemberQueries", () => {
  it("drops every other session's member data and keeps the rest", () => {
    const client = new QueryClient();
    client.setQueryData(memberQueryKey("a", "likes"), [1]);
    client.setQueryData(memberQueryKey("b", "likes"), [2]);
    client.setQueryData(["search-suggestions", "x"], []);
    removeMemberQueries(client, "b");
    expect(client.getQueryData(memberQueryKey("a", "likes"))).toBeUndefined();
    expect(client.getQueryData(memberQueryKey("b", "likes"))).toEqual([2]);
    expect(client.getQueryData(["search-suggestions", "x"])).toEqual([]);
    removeMemberQueries(client);
    expect(client.getQueryData(memberQueryKey("b", "likes"))).toBeUndefined();
  });
});
