// /member/subscriptions: which newsletters the member receives.
import { Hono } from "hono";
import { z } from "zod";
import { requireMember } from "../auth/require-member";
import { ok } from "../envelope";
import { listSubscriptions, replaceSubscriptions } from "../queries/subscriptions";
import { TOPIC_KEYS } from "../subscription-topics";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const subscriptionBody = z.strictObject({
  topics: z
    .array(z.enum(TOPIC_KEYS, { error: `topics 只能包含 ${TOPIC_KEYS.join("、")}` }), {
      error: "topics 必須是主題代碼的陣列",
    })
    .max(TOPIC_KEYS.length, "topics 項目太多")
    .refine((topics) => new Set(topics).size === topics.length, "topics 不能重複"),
});

export const subscriptionRoutes = new Hono<ApiEnv>()
  .get("/subscriptions", requireMember, async (c) => ok(c, await listSubscriptions(c.env.DB, c.var.memberId)))
  .put("/subscriptions", requireMember, validate("json", subscriptionBody), async (c) => {
    await replaceSubscriptions(c.env.DB, c.var.memberId, c.req.valid("json").topics);
    return ok(c, await listSubscriptions(c.env.DB, c.var.memberId));
  });
