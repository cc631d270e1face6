// /_dev/deadlines: moves one order's payment deadline, for the tests of expiry (behind DEV_PAYMENT=on, like the
// stand-in gateway; production never sets it). The test servers are shared by parallel tests, so deadlines are
// tested with per-order times, never by moving the server's clock: POST {order_no, deadline_at?, check_at?} sets the
// deadline of every attempt of that order (and/or when the reconciler may ask about them next), and the next scheduled
// run (/cdn-cgi/local/scheduled) treats them as it would any other.
import { Hono } from "hono";
import { z } from "zod";
import { ORDER_NO_PATTERN } from "~/features/orders/order-no";
import type { WorkerEnv } from "./types";

const body = z.object({
  order_no: z.string().regex(ORDER_NO_PATTERN),
  deadline_at: z.iso.datetime().optional(),
  /** When the reconciler may ask next; an early time puts the order's attempts first in line. */
  check_at: z.iso.datetime().optional(),
});

export const devDeadlines = new Hono<WorkerEnv>()
  .use(async (c, next) => {
    if (!c.get("config").devPayment) return c.notFound();
    await next();
  })
  .post("/", async (c) => {
    const parsed = body.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json({ code: 2, message: "需要 order_no 與 deadline_at 或 check_at（ISO 時間）" }, 400);
    }
    const iso = (text: string | undefined) => (text ? new Date(text).toISOString() : null);
    const deadline = iso(parsed.data.deadline_at);
    const result = await c.env.DB.prepare(
      `UPDATE payment_attempts SET deadline_at = COALESCE(?2, deadline_at), next_check_at = COALESCE(?3, ?2, next_check_at)
        WHERE order_id = (SELECT id FROM orders WHERE order_no = ?1)`,
    )
      .bind(parsed.data.order_no, deadline, iso(parsed.data.check_at))
      .run();
    c.header("Cache-Control", "no-store");
    return c.json({ code: 1, message: "成功", data: { attempts: result.meta.changes } });
  });
