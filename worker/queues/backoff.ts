// How long a queue message waits before its next try (a mail the binding refused for a while, an invoice ezPay could
// not take): the base (MAIL_RETRY_BASE_SECONDS, EINVOICE_RETRY_BASE_SECONDS), then twice as long each time (base,
// 2·base, 4·base …), in whole seconds and at most the 12 hours a queue message may be delayed.

/** The longest delay Cloudflare Queues accepts for a retry (12 hours). */
export const MAX_RETRY_DELAY_SECONDS = 43_200;

/** The delay before the next try of a message tried `attempts` times (1 after the first failure). */
export function retryDelaySeconds(baseSeconds: number, attempts: number): number {
  const delay = baseSeconds * 2 ** Math.max(attempts - 1, 0);
  return Math.min(Math.round(delay), MAX_RETRY_DELAY_SECONDS);
}
