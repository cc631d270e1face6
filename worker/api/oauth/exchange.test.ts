// The exchange against a provider on loopback that hangs, trickles its reply or answers: each call is given up after
// the configured timeout with code 5, never waited on for ever.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CODE } from "~/http/api-codes";
import { ApiFailure } from "../envelope";
import { exchangeCode } from "./exchange";
import type { OAuthProviderConfig } from "./providers";

let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/hang/token") return; // never answers
    if (req.url === "/slow/token") {
      // Headers at once, the body long after the timeout.
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"access_token":');
      setTimeout(() => res.end('"late"}'), 2_000).unref();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" });
    if (req.url === "/ok/token") return res.end(JSON.stringify({ access_token: "at-reader" }));
    res.end(JSON.stringify({ sub: "reader", email: "reader@oauth.example.com", email_verified: true, name: "讀者" }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const providerAt = (path: string): OAuthProviderConfig => ({
  id: "test",
  name: "測試帳號",
  client_id: "client",
  client_secret: "secret",
  authorize_url: `${base}/authorize`,
  token_url: `${base}/${path}/token`,
  userinfo_url: `${base}/${path}/userinfo`,
  scope: "openid",
});

const request = { code: "valid-reader", redirect_uri: "https://books.example.tw/oauth/login" };

describe("the code exchange with a provider", () => {
  it("reads who signed in when the provider answers", async () => {
    await expect(exchangeCode(providerAt("ok"), request, 1_000)).resolves.toEqual({
      subject: "reader",
      email: "reader@oauth.example.com",
      name: "讀者",
    });
  });

  it.each(["hang", "slow"])(
    "gives up on a provider that does not finish answering (%s) after the timeout",
    async (mode) => {
      const started = Date.now();
      const failure = await exchangeCode(providerAt(mode), request, 300).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiFailure);
      expect(failure).toMatchObject({ code: API_CODE.serverError, status: 502 });
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(250);
      expect(waited).toBeLessThan(1_500);
    },
  );
});
