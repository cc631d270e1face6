// The cart saved to a member's account and the current facts of cart items (SPEC §3, §7).
import { Hono } from "hono";
import { z } from "zod";
import { CART_ITEMS_MAX, CART_QUANTITY_MAX } from "~/features/cart/cart";
import { API_CODE } from "~/http/api-codes";
import { optionalMember, requireMember } from "../auth/require-member";
import { cartVersionTag, versionsNamedBy } from "../cart-version-tag";
import { ApiFailure, ok } from "../envelope";
import { cartSummary, readCart, saveCart } from "../queries/cart";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const CART_CHANGED_ELSEWHERE = "購物車已在其他裝置或分頁更新過，請重新載入購物車後再儲存";

const QUANTITY_RULE = `數量必須是 1 到 ${CART_QUANTITY_MAX} 的整數`;

const cartMap = z
  .record(
    z.string().regex(/^[1-9][0-9]{0,14}$/, "購物車的商品編號必須是數字"),
    z.number({ error: QUANTITY_RULE }).int(QUANTITY_RULE).min(1, QUANTITY_RULE).max(CART_QUANTITY_MAX, QUANTITY_RULE),
    { error: "購物車必須是「商品編號: 數量」的物件" },
  )
  .refine((items) => Object.keys(items).length <= CART_ITEMS_MAX, `購物車最多 ${CART_ITEMS_MAX} 項商品`);

const summaryBody = z.strictObject({
  id_list: z
    .array(
      z
        .number({ error: "id_list 只能包含數字" })
        .int("id_list 只能包含整數")
        .min(1, "id_list 的商品編號必須是正整數")
        .max(999_999_999_999_999, "id_list 的商品編號過大"),
      {
        error: "id_list 必須是數字陣列",
      },
    )
    .max(CART_ITEMS_MAX, `一次最多查詢 ${CART_ITEMS_MAX} 項商品`),
});

export const cartRoutes = new Hono<ApiEnv>()
  .get("/cache", requireMember, async (c) => {
    const saved = await readCart(c.env.DB, c.var.memberId);
    c.header("ETag", cartVersionTag(saved.version));
    return ok(c, saved.items);
  })
  .post("/cache", requireMember, validate("json", cartMap), async (c) => {
    const expected = versionsNamedBy(c.req.header("If-Match"));
    const version = await saveCart(c.env.DB, c.var.memberId, c.req.valid("json"), expected);
    if (version === null) throw new ApiFailure(API_CODE.conflict, CART_CHANGED_ELSEWHERE, 412);
    c.header("ETag", cartVersionTag(version));
    return ok(c, null);
  })
  // A member's summary says which digital items they already hold (kept out of checkout by the cart page).
  .post("/summary", optionalMember, validate("json", summaryBody), async (c) => {
    c.header("Cache-Control", "no-store");
    return ok(c, await cartSummary(c.env.DB, [...new Set(c.req.valid("json").id_list)], c.var.memberId));
  });
