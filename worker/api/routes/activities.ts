// /activities and /activities/{id}.
import { Hono } from "hono";
import { z } from "zod";
import { notFound, ok } from "../envelope";
import { idParams, listPage } from "../params";
import { findActivity, listActivities } from "../queries/activities";
import type { ApiEnv } from "../types";
import { validate } from "../validation";

const activityQuery = z.object({
  when: z.enum(["upcoming", "past", "all"], { error: "when 只能是 upcoming、past 或 all" }).default("upcoming"),
  ...listPage,
});

export const activityRoutes = new Hono<ApiEnv>()
  .get("/", validate("query", activityQuery), async (c) => {
    const { when, page, per_page } = c.req.valid("query");
    return ok(c, await listActivities(c.env.DB, { when, page, perPage: per_page }));
  })
  .get("/:id", validate("param", idParams("活動編號必須是數字")), async (c) => {
    const activity = await findActivity(c.env.DB, c.req.valid("param").id);
    if (!activity) throw notFound("找不到這個活動");
    return ok(c, activity);
  });
