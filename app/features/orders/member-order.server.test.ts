import { afterEach, describe, expect, it, vi } from "vitest";
import { API_CODE } from "~/http/api-codes";
import { serverApi } from "~/lib/api/server-api.server";
import { type StubReply, stubApi } from "~/testing/stub-api";
import { memberOrder } from "./member-order.server";

const ORDER_NO = "BK20261123-000042-7KQ3ZP";
const page = new Request("https://shop.test/order-complete");

function lookUp(reply: StubReply, orderNo = ORDER_NO) {
  const { context, calls } = stubApi(() => reply);
  return { calls, found: memberOrder(serverApi(page, context), orderNo, "a-page", "the order") };
}

afterEach(() => vi.restoreAllMocks());

describe("memberOrder", () => {
  it("is the order the API gives for the number, with its receiver and invoice as the page shows them", async () => {
    const order = {
      order_no: ORDER_NO,
      details: { receiver: "王小明", invoice_type: 1, invoice_donation: "5617" },
      invoice: { state: "issued", kind: "donation", number: "EZ00000001", issued_at: "2026-11-26T10:00:00+08:00" },
    };
    const { found, calls } = lookUp({ body: { code: API_CODE.ok, message: "成功", data: order } });
    expect(await found).toEqual({
      found: "order",
      order,
      parties: {
        receiver: { name: "王小明", phones: [], address: "" },
        invoice: {
          label: "捐贈發票",
          fields: [{ label: "捐贈單位", value: "財團法人人間文教基金會" }],
          status: { label: "已開立", note: "" },
          number: "EZ00000001",
          issuedAt: "2026-11-26T10:00:00+08:00",
        },
      },
    });
    expect(new URL(calls[0]?.url ?? "").pathname).toBe(`/api/frontend/member/orders/${ORDER_NO}`);
  });

  it("a malformed number is missing without asking the API", async () => {
    const { found, calls } = lookUp({ body: {} }, "../profile");
    expect(await found).toEqual({ found: "missing", status: 404 });
    expect(calls).toHaveLength(0);
  });

  it.each([API_CODE.notFound, API_CODE.invalidInput])("code %i is missing (404)", async (code) => {
    const { found } = lookUp({ status: 404, body: { code, message: "找不到" } });
    expect(await found).toEqual({ found: "missing", status: 404 });
  });

  it("a missing session is told apart, without a log line", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { found } = lookUp({ status: 401, body: { code: API_CODE.unauthenticated, message: "請先登入" } });
    expect(await found).toEqual({ found: "unauthenticated", status: 401 });
    expect(warn).not.toHaveBeenCalled();
  });

  it("any other failure is unavailable with the reply's status, and logged where the page says", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { found } = lookUp({ status: 503, body: { code: API_CODE.serverError, message: "系統忙碌" } });
    expect(await found).toEqual({ found: "unavailable", status: 503 });
    expect(JSON.parse(String(warn.mock.calls[0]?.[0]))).toMatchObject({
      where: "a-page",
      message: "the order unavailable",
      code: API_CODE.serverError,
      status: 503,
    });
  });
});
