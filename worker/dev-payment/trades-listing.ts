// GET /trades: the stand-in's recorded trades, newest first, for whoever is testing.
import type { Context } from "hono";
import { htmlReply } from "../dev-page";
import type { WorkerEnv } from "../types";
import { tradesPage } from "./pages";
import { recentTrades } from "./trades-table";

/** The listing shows the newest trades only. */
const TRADES_LISTED = 100;

export async function listTrades(c: Context<WorkerEnv>) {
  return htmlReply(c, tradesPage(await recentTrades(c.env.DB, TRADES_LISTED), TRADES_LISTED));
}
