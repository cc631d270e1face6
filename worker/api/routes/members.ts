// Sign-up, sign-in, sign-out and the member's profile.

import { Hono } from "hono";
import { z } from "zod";
import { ORDER_NO_FORMAT_MESSAGE, ORDER_NO_PATTERN } from "~/features/orders/order-no";
import { hashPassword, isPasswordHash, verifyPassword } from "../auth/password";
import { requireMember } from "../auth/require-member";
import { requireSessionToken } from "../auth/session-in-query";
import { tokenHash } from "../auth/tokens";
import { conflict, invalidInput, notFound, ok, onApiNotFound, tooManyAttempts, unauthenticated } from "../envelope";
import { handOff } from "../hand-off";
import { birthday, cellphone, currentPassword, email, memberName, newPassword } from "../member-fields";
import { GET_WITHOUT_HEAD } from "../method-not-allowed";
import { listPage } from "../params";
import { claimAttempt, clearAttempts } from "../queries/attempts";
import { findMemberOrder, listMemberOrders } from "../queries/member-orders";
import {
  changePassword,
  createMemberWithSession,
  createSession,
  credentialsOf,
  endSession,
  findMemberForLogin,
  findProfile,
  findProfileOfSession,
  updateProfile,
} from "../queries/members";
import type { ApiEnv } from "../types";
import { validate } from "../validation";
import { writesFor } from "../writes";

const loginBody = z.strictObject({
  email,
  password: z.string({ error: "請輸入密碼" }).min(1, "請輸入密碼").max(64, "密碼最多 64 個字元"),
});

const registerBody = z.strictObject({
  email,
  password: newPassword,
  name: memberName,
});

const profileBody = z.strictObject({
  name: memberName,
  cellphone: cellphone.nullable(),
  birthday: birthday.nullable(),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)], { error: "性別只能是 0、1 或 2" }).nullable(),
});

const passwordBody = z.strictObject({
  current_password: currentPassword,
  new_password: newPassword,
});

const orderPage = z.object(listPage);

const orderNo = z.object({ order_no: z.string().regex(ORDER_NO_PATTERN, ORDER_NO_FORMAT_MESSAGE) });

// Verified against when the e-mail is unknown, so a wrong e-mail takes as long as a wrong password. Made on the
// first sign-in that needs it (workerd allows no random values or crypto work at module scope) and then reused;
// the string is kept, not the promise, so no request waits on work started by another.
let dummyHash: string | undefined;
async function hashToCompareWith(): Promise<string> {
  dummyHash ??= await hashPassword("not-a-member-password-0");
  return dummyHash;
}

export const memberRoutes = new Hono<ApiEnv>()
  .post("/register", validate("json", registerBody), async (c) => {
    const body = c.req.valid("json");
    const writes = writesFor(c.env.config);
    const session = await createMemberWithSession(
      c.env.DB,
      { email: body.email, name: body.name, passwordHash: await hashPassword(body.password) },
      writes,
    );
    if (!session) throw conflict("這個電子郵件已經註冊過了");
    await handOff(c, writes);
    return ok(c, session);
  })
  .post("/login", validate("json", loginBody), async (c) => {
    const { email: address, password } = c.req.valid("json");
    // The attempt is counted before the password is checked: a wrong one stays counted, a right one clears.
    if (!(await claimAttempt(c.env.DB, address))) throw tooManyAttempts("登入失敗次數過多，請 15 分鐘後再試");
    const member = await findMemberForLogin(c.env.DB, address);
    // A member without a password (signed up through a provider) is checked against the dummy too: same time.
    const stored = member && isPasswordHash(member.password_hash) ? member.password_hash : undefined;
    const valid = (await verifyPassword(password, stored ?? (await hashToCompareWith()))) && stored !== undefined;
    if (!member || !valid) throw invalidInput("電子郵件或密碼錯誤");
    await clearAttempts(c.env.DB, address);
    return ok(c, await createSession(c.env.DB, member.id));
  })
  // HEAD is answered by the GET handlers, but it must be safe: a link checker's HEAD never signs a member out.
  .get(
    "/logout",
    (c, next) => (c.req.method === "HEAD" && GET_WITHOUT_HEAD.has(c.req.path) ? onApiNotFound(c, ["GET"]) : next()),
    requireMember,
    async (c) => {
      await endSession(c.env.DB, c.var.token);
      return ok(c, null);
    },
  )
  .get("/profile", requireSessionToken, async (c) => {
    const profile = await findProfileOfSession(c.env.DB, c.var.session);
    if (!profile) throw unauthenticated();
    return ok(c, profile);
  })
  .put("/profile", requireMember, validate("json", profileBody), async (c) => {
    await updateProfile(c.env.DB, c.var.memberId, c.req.valid("json"));
    return ok(c, await findProfile(c.env.DB, c.var.memberId));
  })
  .post("/password", requireMember, validate("json", passwordBody), async (c) => {
    const body = c.req.valid("json");
    const stored = await credentialsOf(c.env.DB, c.var.memberId);
    if (!stored || !(await verifyPassword(body.current_password, stored.password_hash))) {
      throw invalidInput("目前的密碼不正確");
    }
    if (body.current_password === body.new_password) throw invalidInput("新密碼不能與目前的密碼相同");
    const writes = writesFor(c.env.config);
    const change = {
      memberId: c.var.memberId,
      email: stored.email,
      currentHash: stored.password_hash,
      passwordHash: await hashPassword(body.new_password),
      keepTokenHash: await tokenHash(c.var.token),
    };
    if (!(await changePassword(c.env.DB, change, writes))) {
      // Another request changed it meanwhile: the same form sent twice has done what it asked; any other change has
      // made this current password wrong.
      const now = await credentialsOf(c.env.DB, c.var.memberId);
      if (!now || !(await verifyPassword(body.new_password, now.password_hash))) throw invalidInput("目前的密碼不正確");
      return ok(c, null);
    }
    await handOff(c, writes);
    return ok(c, null);
  })
  .get("/orders", requireSessionToken, validate("query", orderPage), async (c) => {
    const { page, per_page } = c.req.valid("query");
    const orders = await listMemberOrders(c.env.DB, c.var.session, page, per_page);
    if (!orders) throw unauthenticated();
    return ok(c, orders);
  })
  .get("/orders/:order_no", requireMember, validate("param", orderNo), async (c) => {
    const order = await findMemberOrder(c.env.DB, c.var.memberId, c.req.valid("param").order_no, new Date());
    if (!order) throw notFound("找不到這張訂單");
    return ok(c, order);
  });
