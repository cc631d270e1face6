-- Mail delivery (issue 23): the outbox row follows its mail from the D1 batch that wrote it to Cloudflare's send_email
-- binding, through the mail queue (worker/mail-delivery/).
--   written  in D1, not yet handed to the queue (or the queue send failed: the cron hands it on)
--   queued   handed to the queue (queued_at), waiting for the consumer; back to queued between retries
--   sending  claimed by a consumer (claimed_at) that is sending it now; a claim older than a few minutes is stale
--   sent     the binding took it (sent_at, provider_message_id); a secret mail's body is then replaced
--   failed   given up (failure_reason): a permanent error, or the last retry spent (the dead-letter queue)
-- `secret` marks a mail whose content must not stay readable (a recovery code): after delivery its body and html are
-- replaced by a placeholder, so the row keeps its metadata but no code.
ALTER TABLE mail_outbox ADD COLUMN status TEXT NOT NULL DEFAULT 'written'
  CHECK (status IN ('written', 'queued', 'sending', 'sent', 'failed'));
ALTER TABLE mail_outbox ADD COLUMN html TEXT;
ALTER TABLE mail_outbox ADD COLUMN secret INTEGER NOT NULL DEFAULT 0 CHECK (secret IN (0, 1));
ALTER TABLE mail_outbox ADD COLUMN queued_at INTEGER;
ALTER TABLE mail_outbox ADD COLUMN claimed_at INTEGER;
ALTER TABLE mail_outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE mail_outbox ADD COLUMN sent_at INTEGER;
ALTER TABLE mail_outbox ADD COLUMN provider_message_id TEXT;
ALTER TABLE mail_outbox ADD COLUMN failure_reason TEXT;

-- Mail written before delivery existed was never meant to be sent late (its codes have long expired): it is closed
-- as failed and its bodies are dropped, so no old code stays readable.
UPDATE mail_outbox
SET status = 'failed', failure_reason = 'written before mail delivery existed', body = '(內容已移除)';

-- What the cron re-queues: the rows not yet settled, oldest first.
CREATE INDEX mail_outbox_pending ON mail_outbox (status, id) WHERE status IN ('written', 'queued', 'sending');
