// Saved recipients (SPEC §1: members keep recipients), checked with the same address rules as checkout.
import { Hono } from "hono";
import { z } from "zod";
import { TEL_TYPES } from "~/features/checkout/checkout";
import { checkAddress } from "../address-rules";
import { requireMember } from "../auth/require-member";
import { invalidInput, notFound, ok } from "../envelope";
import { idParams } from "../params";
import {
  countRecipients,
  createRecipient,
  deleteRecipient,
  listRecipients,
  MAX_RECIPIENTS,
  updateRecipient,
} from "../queries/recipients";
import { textField } from "../text-field";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const recipientBody = z
  .object({
    name: textField("收件人", 50),
    cellphone: textField("手機", 16),
    area_type: z.union([z.literal(0), z.literal(1)], { error: "area_type 只能是 0（國內）或 1（海外）" }),
    country: textField("國家", 60),
    city: textField("縣市", 10).optional(),
    area: textField("鄉鎮市區", 10).optional(),
    address: textField("地址", 200),
    area_code: textField("區碼", 4).optional(),
    tel_type: z.enum(TEL_TYPES, { error: "電話類型只能是市話、住家或公司" }).optional(),
    tel: textField("電話", 20).optional(),
    is_default: z.boolean({ error: "is_default 必須是 true 或 false" }),
  })
  .strict();

const recipientId = idParams("收件人編號必須是數字");

const checked = (body: z.output<typeof recipientBody>) => {
  checkAddress(body);
  if (body.area_type === 0 && !body.tel_type) throw invalidInput("請選擇電話類型");
  return body;
};

export const recipientRoutes = new Hono<ApiEnv>()
  .get("/recipients", requireMember, async (c) => ok(c, await listRecipients(c.env.DB, c.var.memberId)))
  .post("/recipients", requireMember, validate("json", recipientBody), async (c) => {
    const body = checked(c.req.valid("json"));
    if ((await countRecipients(c.env.DB, c.var.memberId)) >= MAX_RECIPIENTS) {
      throw invalidInput(`最多只能儲存 ${MAX_RECIPIENTS} 位收件人`);
    }
    return ok(c, await createRecipient(c.env.DB, c.var.memberId, body));
  })
  .put("/recipients/:id", requireMember, validate("param", recipientId), validate("json", recipientBody), async (c) => {
    const updated = await updateRecipient(
      c.env.DB,
      c.var.memberId,
      c.req.valid("param").id,
      checked(c.req.valid("json")),
    );
    if (!updated) throw notFound("找不到這位收件人");
    return ok(c, updated);
  })
  .delete("/recipients/:id", requireMember, validate("param", recipientId), async (c) => {
    if (!(await deleteRecipient(c.env.DB, c.var.memberId, c.req.valid("param").id))) {
      throw notFound("找不到這位收件人");
    }
    return ok(c, null);
  });
