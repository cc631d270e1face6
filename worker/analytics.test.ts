import { describe, expect, it } from "vitest";
import { analyticsSnippet, injectBeforeHeadEnd, withAnalytics } from "./analytics";

async function pipe(chunks: string[], html: string, splitBytes = false) {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = splitBytes
    ? [...encoder.encode(chunks.join(""))].map((b) => new Uint8Array([b]))
    : chunks.map((c) => encoder.encode(c));
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
  return new Response(source.pipeThrough(injectBeforeHeadEnd(html))).text();
}

describe("injectBeforeHeadEnd", () => {
  it("inserts before </head> in one chunk", async () => {
    expect(await pipe(["<html><head><title>書</title></head><body>內容</body></html>"], "<X>")).toBe(
      "<html><head><title>書</title><X></head><body>內容</body></html>",
    );
  });

  it("finds </head> split across chunks", async () => {
    expect(await pipe(["<head><title>t</title></he", "ad><body>", "b</body>"], "<X>")).toBe(
      "<head><title>t</title><X></head><body>b</body>",
    );
  });

  it("keeps multi-byte characters whole when every byte is its own chunk", async () => {
    const page = "<head><title>覺林書房</title></head><body>佛教經典·心經</body>";
    expect(await pipe([page], "<X>", true)).toBe(page.replace("</head>", "<X></head>"));
  });

  it("injects only once", async () => {
    expect(await pipe(["<head></head><template></head></template>"], "<X>")).toBe(
      "<head><X></head><template></head></template>",
    );
  });

  it("passes a document without </head> through unchanged", async () => {
    expect(await pipe(["<p>片段</p>"], "<X>")).toBe("<p>片段</p>");
  });
});

describe("withAnalytics", () => {
  const html = () =>
    new Response("<html><head></head><body></body></html>", { headers: { "Content-Type": "text/html" } });

  it("adds the gtag loader with the nonce when an id is configured", async () => {
    const text = await withAnalytics(html(), "G-TEST1234", "abc").text();
    expect(text).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-TEST1234" nonce="abc"');
    expect(text).toContain('gtag("config","G-TEST1234",{send_page_view:false})');
  });

  it("sets a cleaned page_location and page_referrer for every event before the tag is configured", () => {
    const snippet = analyticsSnippet("G-TEST1234", "abc");
    const inline = /<script nonce="abc">([\s\S]*?)<\/script>/.exec(snippet)?.[1] ?? "";
    const page = {
      dataLayer: [] as IArguments[],
      location: { href: "https://s.test/order-search?order_no=BK20261123-000042-7KQ3ZP&email=a%40b.tw&x=1" },
      document: { referrer: "https://s.test/recovery?step=code&email=reader%40example.com" },
    };
    new Function("window", "location", "document", "dataLayer", inline)(
      page,
      page.location,
      page.document,
      page.dataLayer,
    );
    const calls = page.dataLayer.map((args) => Array.from(args));
    expect(calls[0]).toEqual([
      "set",
      { page_location: "https://s.test/order-search?x=1", page_referrer: "https://s.test/recovery?step=code" },
    ]);
    expect(calls.findIndex((args) => args[0] === "config")).toBeGreaterThan(0);
    expect(JSON.stringify(calls)).not.toMatch(/%40|@|BK2026/);
  });

  it("leaves the page untouched without an id", async () => {
    expect(await withAnalytics(html(), "", "abc").text()).toBe("<html><head></head><body></body></html>");
  });

  it("leaves non-HTML replies untouched", async () => {
    const json = new Response('{"a":1}', { headers: { "Content-Type": "application/json" } });
    expect(await withAnalytics(json, "G-TEST1234", "").text()).toBe('{"a":1}');
  });

  it("escapes the nonce attribute", () => {
    expect(analyticsSnippet("G-TEST1234", '"><script>')).not.toContain('"><script>');
  });
});
