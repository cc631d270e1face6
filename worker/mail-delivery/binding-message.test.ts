// The local send_email binding checks no header, so this is where the headers Cloudflare Email Sending accepts are
// checked: X- headers, and the platform's allowlist; never From/To/Subject/Reply-To or Date/Message-ID/Content-Type.
import { describe, expect, it } from "vitest";
import { bindingMessage, senderOf } from "./binding-message";

const mail = { id: 7, recipient: "reader@example.org", subject: "主旨", body: "內文", html: null, attempts: 1 };
const config = { mailFrom: "store@example.com", mailFromName: "覺林書房", mailReplyTo: "" };

const ALLOWED = new Set(["auto-submitted", "content-language", "in-reply-to", "references", "precedence"]);

describe("the binding's message", () => {
  it("comes from the store, to the row's address, with the text and the outbox id", () => {
    const sender = senderOf(config);
    expect(sender).toEqual({ from: { email: "store@example.com", name: "覺林書房" } });
    const message = bindingMessage(mail, sender as NonNullable<typeof sender>);
    expect(message).toMatchObject({ to: "reader@example.org", subject: "主旨", text: "內文" });
    expect(message).not.toHaveProperty("html");
    expect(message).not.toHaveProperty("replyTo");
    expect(message.headers).toMatchObject({ "X-Outbox-Id": "7" });
  });

  it("carries Reply-To and the HTML part when there are", () => {
    const sender = senderOf({ ...config, mailReplyTo: "service@example.com" });
    expect(bindingMessage({ ...mail, html: "<p>內文</p>" }, sender as NonNullable<typeof sender>)).toMatchObject({
      replyTo: "service@example.com",
      html: "<p>內文</p>",
    });
  });

  it("has no sender without MAIL_FROM", () => {
    expect(senderOf({ ...config, mailFrom: "" })).toBeNull();
  });

  it("uses only headers the platform accepts", () => {
    const sender = senderOf(config) as NonNullable<ReturnType<typeof senderOf>>;
    for (const [name, value] of Object.entries(bindingMessage(mail, sender).headers ?? {})) {
      expect(/^X-[A-Za-z0-9\-_]{1,98}$/.test(name) || ALLOWED.has(name.toLowerCase()), name).toBe(true);
      expect(value, name).not.toMatch(/[\r\n]/);
      expect(value.length, name).toBeGreaterThan(0);
    }
  });
});
