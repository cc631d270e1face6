// What the send_email binding was given, as wrangler's local mode keeps it: its local explorer's API on the dev
// server's own origin (/cdn-cgi/local/explorer/api/local/email/sending), which lists the mails (newest first) and
// gives each one's text and HTML. For the development mailbox only: production has no /cdn-cgi/local, and the local
// explorer answers only on a localhost or 127.0.0.1 host. The mails live as long as the dev server does.

const API = "/cdn-cgi/local/explorer/api/local/email/sending";
/** This worker's mails only, not those of other dev sessions in the dev registry. */
const HEADERS = { "X-Miniflare-Explorer-No-Aggregate": "true" };
const PER_PAGE = 100;
/** Pages looked through for an address's mails (newest first). */
const MAX_PAGES = 10;

interface ListedMail {
  to: string[];
  subject: string;
  messageId: string;
  sentAt: string;
  headers?: Record<string, string>;
}

/** One mail as the development mailbox shows it. */
export interface SentMail {
  /** The outbox row's id (the X-Outbox-Id header); null for a mail sent otherwise. */
  id: number | null;
  recipient: string;
  subject: string;
  /** The text part. */
  body: string;
  html: string | null;
  headers: Record<string, string>;
  message_id: string;
  created_at: string;
}

export class LocalExplorerUnavailable extends Error {
  override name = "LocalExplorerUnavailable";
}

async function explorerJson<T>(fetcher: typeof fetch, url: URL): Promise<T> {
  const res = await fetcher(url, { headers: HEADERS });
  if (!res.ok) throw new LocalExplorerUnavailable(`the local explorer answered HTTP ${res.status} for ${url.pathname}`);
  return ((await res.json()) as { result: T }).result;
}

const headerOf = (headers: Record<string, string> | undefined, name: string) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

/** The latest `limit` mails the binding was given for `to` (newest first), read from the explorer at `origin`. */
export async function sentMailTo(origin: string, to: string, limit = 20, fetcher: typeof fetch = fetch) {
  const address = to.toLowerCase();
  const found: ListedMail[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES && found.length < limit; page++) {
    const url = new URL(API, origin);
    url.searchParams.set("per_page", String(PER_PAGE));
    if (cursor) url.searchParams.set("cursor", cursor);
    const res = await fetcher(url, { headers: HEADERS });
    if (!res.ok) throw new LocalExplorerUnavailable(`the local explorer answered HTTP ${res.status}`);
    const listed = (await res.json()) as {
      result: ListedMail[];
      result_info?: { has_more?: boolean; cursor?: string };
    };
    found.push(...listed.result.filter((mail) => mail.to.some((recipient) => recipient.toLowerCase() === address)));
    if (!listed.result_info?.has_more || !listed.result_info.cursor) break;
    cursor = listed.result_info.cursor;
  }
  return Promise.all(
    found.slice(0, limit).map(async (mail): Promise<SentMail> => {
      const url = new URL(API, origin);
      url.searchParams.set("email_id", mail.messageId);
      const detail = await explorerJson<{ text?: string; html?: string; headers?: Record<string, string> }>(
        fetcher,
        url,
      );
      const headers = detail.headers ?? mail.headers ?? {};
      const outboxId = Number(headerOf(headers, "X-Outbox-Id"));
      return {
        id: Number.isInteger(outboxId) && outboxId > 0 ? outboxId : null,
        recipient: address,
        subject: mail.subject,
        body: detail.text ?? "",
        html: detail.html ?? null,
        headers,
        message_id: mail.messageId,
        created_at: new Date(mail.sentAt).toISOString(),
      };
    }),
  );
}
