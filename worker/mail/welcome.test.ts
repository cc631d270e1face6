import { describe, expect, it } from "vitest";
import { expectSafeHtml, expectWellFormedMail, hrefsOf, SITE } from "./testing/mail-checks";
import { welcomeMail } from "./welcome";

describe("welcomeMail", () => {
  const mail = welcomeMail(SITE, { to: "reader@example.com", name: "林靜宜" });

  it("welcomes the member by name, with the address to sign in with", () => {
    expect(mail.to).toBe("reader@example.com");
    expect(mail.subject).toBe("歡迎加入覺林書房");
    expect(mail.text).toContain("林靜宜 您好：");
    expect(mail.text).toContain("會員帳號：reader@example.com");
    expect(mail.text).toContain("前往會員中心：https://books.example.tw/member/profile");
    expect(mail.html).toMatch(/<th scope="row"[^>]*>會員帳號<\/th><td[^>]*>reader@example.com<\/td>/);
    expectWellFormedMail(mail);
  });

  it("links the member pages, new books and 客服中心 on SITE_URL, never with the address", () => {
    expect(hrefsOf(mail.html)).toEqual([
      "https://books.example.tw/member/profile",
      "https://books.example.tw/product/new-books",
      "https://books.example.tw/instructions/customer-service",
    ]);
  });

  it("escapes a name with markup", () => {
    const hostile = welcomeMail(SITE, { to: "x@example.com", name: "<script>alert(1)</script>" });
    expect(hostile.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; 您好：");
    expectSafeHtml(hostile);
  });
});
