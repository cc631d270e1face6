// /_dev/deadlines: moves one order's payment deadline, for the tests of expiry (behind DEV_PAYMENT=on, like the
// stand-in gateway; production never sets it). The test servers are shared by parallel tests, so deadlines are
// tested with per-order times, never by moving the server's clock: POST {order_no, deadline_at} sets the deadline of
// every attempt of that order, and the next scheduled run (/cdn-cgi/local/scheduled) treats it as it would any other.
import { Hono } from "hono";
import { z } from "zod";
import { ORDER_NO_PATTERN } from "~/domain/order-no";
import type { WorkerEnv } from "./types";

const body = z.object({
  order_no: z.string().regex(ORDER_NO_PATTERN),
  deadline_at: z.iso.datetime(),
});

export const devDeadlines = new Hono<WorkerEnv>()
  .use(async (c, next) => {
    if (!c.get("config").devPayment) return c.notFound();
    await next();
  })
  .post("/", async (c) => {
    const parsed = body.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return c.json({ code: 2, message: "需要 order_no 與 deadline_at（ISO 時間）" }, 400);
    const deadline = new Date(parsed.data.deadline_at).toISOString();
    const result = await c.env.DB.prepare(
      `UPDATE payment_attempts SET deadline_at = ?2, next_check_at = ?2
        WHERE order_id = (SELECT id FROM orders WHERE order_no = ?1)`,
    )
      .bind(parsed.data.order_no, deadline)
      .run();
    c.header("Cache-Control", "no-store");
    return c.json({ code: 1, message: "成功", data: { attempts: result.meta.changes } });
  });
