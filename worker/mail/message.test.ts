import { describe, expect, it } from "vitest";
import { escapeHtml } from "./html";
import { composeMail, facts, heading, link, paragraph, siteLink } from "./message";
import { expectSafeHtml, expectWellFormedMail, hrefsOf, SITE } from "./testing/mail-checks";

const HOSTILE = `<script>alert("x")</script><img src="http://evil.example/p.gif">&'`;

function sample(value: string) {
  return composeMail(SITE, {
    to: "reader@example.com",
    subject: "覺林書房 測試",
    title: "測試信",
    blocks: [
      paragraph(`您好 ${value}`),
      heading(value),
      facts([{ label: value, value }]),
      {
        kind: "table",
        caption: "訂購商品",
        columns: [{ label: "商品" }, { label: "數量", numeric: true }],
        rows: [[value, "2"]],
      },
      link(value, "/member/orders?no=BK1"),
    ],
  });
}

describe("composeMail", () => {
  it("writes the same blocks as an accessible HTML document and as plain text, signed with the store's name", () => {
    const mail = sample("王小明");
    expectWellFormedMail(mail);
    expect(mail.to).toBe("reader@example.com");
    expect(mail.html).toContain("<title>覺林書房 測試</title>");
    expect(mail.html).toContain('<h1 style="font-size:22px;margin:0 0 16px">測試信</h1>');
    expect(mail.html).toMatch(/<th scope="row"[^>]*>王小明<\/th><td[^>]*>王小明<\/td>/);
    expect(mail.html).toMatch(/<caption[^>]*>訂購商品<\/caption>/);
    expect(mail.html).toMatch(/<th scope="col"[^>]*>商品<\/th><th scope="col"[^>]*text-align:right[^>]*>數量<\/th>/);
    expect(hrefsOf(mail.html)).toEqual(["https://books.example.tw/member/orders?no=BK1"]);
    expect(mail.text).toBe(
      [
        "測試信",
        "您好 王小明",
        "【王小明】",
        "王小明：王小明",
        "訂購商品：\n・王小明　數量 2",
        "王小明：https://books.example.tw/member/orders?no=BK1",
        "覺林書房",
      ].join("\n\n"),
    );
  });

  it("escapes every value written into the HTML part", () => {
    const mail = sample(HOSTILE);
    expectSafeHtml(mail);
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<img");
    // In the paragraph, the heading, both sides of the fact, the table row and the link text.
    expect(mail.html.split(escapeHtml(HOSTILE)).length - 1).toBe(6);
    // The text part is plain text: the value is as it was typed, for no client renders it.
    expect(mail.text).toContain(`您好 ${HOSTILE}`);
  });

  it("keeps line breaks of a value, and keeps the subject on one line", () => {
    const mail = composeMail(SITE, {
      to: "a@example.com",
      subject: "主旨\r\nBcc: x@example.com",
      title: "t",
      blocks: [paragraph("第一行\n第二行")],
    });
    expect(mail.subject).toBe("主旨 Bcc: x@example.com");
    expect(mail.html).toContain("第一行<br>第二行");
  });

  it("refuses a link without SITE_URL", () => {
    expect(() =>
      composeMail(
        { siteTitle: "覺林書房" },
        { to: "a@example.com", subject: "s", title: "t", blocks: [link("x", "/")] },
      ),
    ).toThrow("needs SITE_URL");
  });
});

describe("siteLink", () => {
  it("writes the path after SITE_URL, with or without its trailing slash", () => {
    expect(siteLink("https://books.example.tw", "/cart")).toBe("https://books.example.tw/cart");
    expect(siteLink("https://books.example.tw/", "/cart")).toBe("https://books.example.tw/cart");
    expect(siteLink("http://127.0.0.1:8787", "/")).toBe("http://127.0.0.1:8787/");
  });

  it("refuses a SITE_URL that is not an origin, and a path that leaves the site", () => {
    expect(() => siteLink("", "/cart")).toThrow("SITE_URL");
    expect(() => siteLink("books.example.tw", "/cart")).toThrow("SITE_URL");
    expect(() => siteLink("javascript:alert(1)", "/cart")).toThrow("SITE_URL");
    expect(() => siteLink("https://books.example.tw/shop", "/cart")).toThrow("SITE_URL");
    expect(() => siteLink("https://books.example.tw", "//evil.example/")).toThrow("path on the site");
  });
});
