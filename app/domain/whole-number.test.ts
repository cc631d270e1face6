import { describe, expect, it } from "vitest";
import { parseWholeNumber } from "./whole-number";

describe("parseWholeNumber", () => {
  it.each([
    ["1", 1],
    ["024", 24],
    [" 7\t", 7],
    ["\u30003", 3],
    ["000000000000001", 1],
    ["999999999999999", 999_999_999_999_999],
    ["0", 0],
  ])("reads %j as %d", (text, expected) => {
    expect(parseWholeNumber(text)).toBe(expected);
  });

  it.each([
    "",
    " ",
    "0x1",
    "0b1",
    "0o1",
    "1e1",
    "24.0",
    "1.",
    ".5",
    "+1",
    "-1",
    "1_000",
    "1,000",
    "Infinity",
    "NaN",
    "１",
    "0000000000000001",
    "1 2",
  ])("refuses %j, which Number() would read differently or not at all", (text) => {
    expect(parseWholeNumber(text)).toBeNull();
  });
});
