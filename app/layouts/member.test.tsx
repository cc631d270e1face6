// The member layout's data: the greeting's name and nothing else of the profile, which would otherwise be serialised
// into every member page's HTML; an ended session signs in again.
import { describe, expect, it } from "vitest";
import { API_CODE } from "~/http/api-codes";
import { stubApi } from "~/testing/stub-api";
import { thrownResponse } from "~/testing/thrown-response";
import { loader } from "./member";

const PROFILE = {
  id: 7,
  email: "lin@example.com",
  name: "林靜宜",
  cellphone: "0912345678",
  birthday: "1988-04-08",
  gender: 2,
  created_at: "2024-01-15T09:30:00Z",
};

function args(reply: Parameters<typeof stubApi>[0]) {
  const request = new Request("https://shop.test/member/orders", { headers: { Cookie: "__Host-bookstore_token=abc" } });
  return { request, context: stubApi(reply).context, params: {}, url: new URL(request.url) } as never;
}

describe("member layout loader", () => {
  it("hands the page the member's name only", async () => {
    const data = await loader(args(() => ({ body: { code: API_CODE.ok, message: "", data: PROFILE } })));
    expect(data).toEqual({ memberName: "林靜宜" });
    expect(JSON.stringify(data)).not.toMatch(/lin@example\.com|0912345678|1988-04-08/);
  });

  it("sends a member whose session ended to sign in again", async () => {
    const response = await thrownResponse(() =>
      loader(args(() => ({ status: 401, body: { code: API_CODE.unauthenticated, message: "請重新登入" } }))),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?session=ended");
    const cleared = response.headers.getSetCookie().find((value) => value.startsWith("__Host-bookstore_token="));
    expect(cleared).toMatch(/Max-Age=0/i);
  });
});
