// Recovery codes: 6 random digits, valid 15 minutes, void after 5 wrong tries; only a hash is stored.
import { tokenHash } from "./tokens";

export const RECOVERY_CODE_SECONDS = 15 * 60;
export const RECOVERY_MAX_ATTEMPTS = 5;
/** A new code is mailed at most once a minute per member. */
export const RECOVERY_RESEND_SECONDS = 60;

/** Six uniformly random digits (rejection sampling keeps every code equally likely). */
export function newRecoveryCode(): string {
  const limit = 4_294_000_000; // the largest multiple of 1,000,000 below 2^32
  for (;;) {
    const [value = limit] = crypto.getRandomValues(new Uint32Array(1));
    if (value < limit) return String(value % 1_000_000).padStart(6, "0");
  }
}

/** Bound to the member, so the same code of two members hashes differently. */
export function recoveryCodeHash(memberId: number, code: string): Promise<string> {
  return tokenHash(`${memberId}:${code}`);
}
