import { describe, expect, it } from "vitest";
import { passwordChangedMail } from "./password-changed";
import { expectWellFormedMail, hrefsOf, SITE } from "./testing/mail-checks";

describe("passwordChangedMail", () => {
  const when = "2026/11/28（六）14:05";
  const mail = passwordChangedMail(SITE, { to: "reader@example.com", when, how: "security-page" });

  it("says the password changed, when and how, and that other devices were signed out", () => {
    expect(mail.to).toBe("reader@example.com");
    expect(mail.subject).toBe("覺林書房 密碼已變更");
    expect(mail.text).toContain(`變更時間：${when}`);
    expect(mail.text).toContain("變更方式：在「帳號安全」輸入目前的密碼後變更");
    expect(mail.text).toContain("其他已登入的裝置都已登出");
    expectWellFormedMail(mail);
  });

  it("names a reset with a recovery code as such", () => {
    const reset = passwordChangedMail(SITE, { to: "reader@example.com", when, how: "recovery-code" });
    expect(reset.text).toContain("變更方式：以「忘記密碼」寄出的驗證碼重設");
    expect(reset.text).toContain("連結的社群帳號也已解除");
    expect(mail.text).not.toContain("社群帳號");
  });

  it("tells what to do when it was not the owner, linking recovery and 客服中心, never the address or a secret", () => {
    expect(mail.text).toContain("如果這不是您本人的操作，請立即以「忘記密碼」重設密碼");
    expect(hrefsOf(mail.html)).toEqual([
      "https://books.example.tw/recovery",
      "https://books.example.tw/instructions/customer-service",
    ]);
  });
});
