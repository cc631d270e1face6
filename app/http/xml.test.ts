import { describe, expect, it } from "vitest";
import { escapeXml } from "./xml";

describe("escapeXml", () => {
  it("escapes the five markup characters", () => {
    expect(escapeXml(`<a href="x?a=1&b=2">'書'</a>`)).toBe(
      "&lt;a href=&quot;x?a=1&amp;b=2&quot;&gt;&apos;書&apos;&lt;/a&gt;",
    );
  });

  it("leaves other text alone and does not escape twice by accident", () => {
    expect(escapeXml("覺林書房 2026")).toBe("覺林書房 2026");
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });
});
