// /_dev/einvoice: a stand-in for ezPay's e-invoice API (../shared/EINVOICE.md), for local development and the test
// suite (these machines cannot reach ezPay). Answers 404 unless DEV_EINVOICE is "on" (`config.devEinvoice`);
// production never sets it. It plays ezPay for the store's own EZPAY_* credentials (EZPAY_URL points here).
//   POST /_dev/einvoice/Api/invoice_issue            issue (Version 1.5): fields and sums checked, a number issued
//   POST /_dev/einvoice/Api/invoice_invalid          void (Version 1.0), once
//   POST /_dev/einvoice/Api/invoice_search           search (Version 1.3), type 0 or 1
//   POST /_dev/einvoice/Api_inv_application/checkBarCode, …/checkLoveCode   IsExist Y/N (existence.ts)
//   POST /_dev/einvoice/switches                     the dev-only switches "down" and "lost reply" (switches.ts)
//   GET  /_dev/einvoice/switches                     them as JSON
//   GET  /_dev/einvoice                              what it issued, newest first, and the switches' form
// The error codes it answers with, and when, are one table: STAND_IN_EZPAY_ERRORS (errors.ts; README.md here).
// It keeps its own record (migration 0022) and never reads the store's tables.
import { Hono } from "hono";
import { htmlReply } from "../dev-page";
import { openIssueParams } from "../einvoice/issue-params";
import { openPostData } from "../einvoice/post-data";
import type { WorkerEnv } from "../types";
import { apiEndpoint } from "./call";
import { checkBarCode, checkLoveCode } from "./checks";
import { INVALID_VERSION, invalidate } from "./invalid";
import { recentInvoices } from "./invoices-table";
import { ISSUE_VERSION, issue } from "./issue";
import { onlyWhenOn } from "./only-when-on";
import { invoicesPage } from "./pages";
import { SEARCH_VERSION, search } from "./search";
import { changeSwitches, showSwitches } from "./switches";
import { readSwitches } from "./switches-table";

/** The page lists the newest invoices only. */
const INVOICES_LISTED = 100;

export const devEinvoice = new Hono<WorkerEnv>()
  .use(onlyWhenOn)
  .get("/", async (c) => {
    const [invoices, switches] = await Promise.all([recentInvoices(c.env.DB, INVOICES_LISTED), readSwitches(c.env.DB)]);
    const action = `${c.req.path.replace(/\/$/, "")}/switches`;
    return htmlReply(c, invoicesPage(invoices, INVOICES_LISTED, switches, action));
  })
  .get("/switches", showSwitches)
  .post("/switches", changeSwitches)
  .post("/Api/invoice_issue", apiEndpoint(ISSUE_VERSION, openIssueParams, issue))
  .post("/Api/invoice_invalid", apiEndpoint(INVALID_VERSION, openPostData, invalidate))
  .post("/Api/invoice_search", apiEndpoint(SEARCH_VERSION, openPostData, search))
  .post("/Api_inv_application/checkBarCode", checkBarCode)
  .post("/Api_inv_application/checkLoveCode", checkLoveCode);
