import { describe, expect, it } from "vitest";
import { recoveryCodeMail, recoveryPausedMail } from "./recovery";
import { expectWellFormedMail, hrefsOf, SITE } from "./testing/mail-checks";

describe("recoveryCodeMail", () => {
  const mail = recoveryCodeMail(SITE, { to: "reader@example.com", code: "0123456789", validMinutes: 15 });

  it("gives the code and how long it holds, in both parts", () => {
    expect(mail.to).toBe("reader@example.com");
    expect(mail.subject).toBe("覺林書房 密碼重設驗證碼");
    const sentence = "您的驗證碼是 0123456789，15 分鐘內有效。若您沒有申請重設密碼，請忽略這封信。";
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(sentence);
    expectWellFormedMail(mail);
  });

  it("puts the code in no link", () => {
    expect(hrefsOf(mail.html)).toEqual([]);
  });
});

describe("recoveryPausedMail", () => {
  it("says why and until when, that the password still works, and what to do", () => {
    const mail = recoveryPausedMail(SITE, {
      to: "reader@example.com",
      reason: "驗證碼已寄出 5 次",
      until: "2026/11/27（五）14:05",
    });
    expect(mail.subject).toBe("覺林書房 密碼重設已暫停");
    expect(mail.text).toContain("次數已達上限（驗證碼已寄出 5 次）");
    expect(mail.text).toContain("2026/11/27（五）14:05 前不會再寄出新的驗證碼");
    expect(mail.text).toContain("您仍可用原本的密碼登入，已登入的裝置也不受影響");
    expect(mail.text).toContain("可在登入後到「帳號安全」變更密碼");
    expect(mail.html).toContain("2026/11/27（五）14:05 前不會再寄出新的驗證碼");
    expectWellFormedMail(mail);
  });
});
