// Data the contract tests create for themselves: members of their own, and a domestic order draft.
import type { APIRequestContext } from "@playwright/test";
import { defaultTempOrder, type TempOrder } from "../../app/features/checkout/checkout";

export const API = "/api/frontend";

/**
 * Registers a new member and returns the headers to act as them: through the storefront the session is a cookie
 * in the request context (no header needed); from a bare API the token comes in the body.
 */
export async function registerMember(request: APIRequestContext, password = "Lotus2026", name = "測試讀者") {
  const email = `t-${Date.now()}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const res = await request.post(`${API}/member/register`, { data: { email, password, name } });
  const token: string | undefined = (await res.json()).data?.token;
  return { email, headers: token ? { Authorization: `Bearer ${token}` } : undefined };
}

/** A filled-in domestic, physical order draft for `email` (donation invoice, as the defaults say). */
export function domesticOrder(email: string, name = "測試讀者"): TempOrder {
  return {
    ...defaultTempOrder(0),
    member_name: name,
    member_email: email,
    receiver: name,
    cellphone: "0912345678",
    area_code: "02",
    tel: "23456789",
    city: "臺北市",
    area: "中正區",
    address: "重慶南路一段 1 號",
  };
}
