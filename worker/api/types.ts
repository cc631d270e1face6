import type { components } from "~/lib/api/schema";
import type { WorkerConfig } from "../config";
import type { InvoiceMessage } from "../einvoice/queue-message";
import type { OutboxMessage } from "../mail-delivery/queue-message";

/**
 * The database as the built-in API may use it: what a D1 session offers (`withSession`, see worker/d1-session.ts),
 * which has no `exec` or `dump`. A whole D1Database fits too (the query tests hand one in).
 */
export type ApiDatabase = Pick<D1DatabaseSession, "prepare" | "batch">;

/**
 * What the worker hands the built-in API (worker/proxy/upstream.ts): the request's database session, the
 * configuration, and the mail and invoice queues, to which the API hands what it wrote (none in the unit tests: the
 * rows wait for the cron).
 */
interface ApiBindings {
  DB: ApiDatabase;
  config: WorkerConfig;
  MAIL_QUEUE?: Queue<OutboxMessage>;
  EINVOICE_QUEUE?: Queue<InvoiceMessage>;
}

export interface ApiEnv {
  Bindings: ApiBindings;
}

export type Schemas = components["schemas"];
