// Recovery codes: RECOVERY_CODE_LENGTH random digits, valid 15 minutes, void after 5 wrong tries; only a hash is
// stored. Per e-mail address and day, at most RECOVERY_CODES_PER_DAY codes are sent and RECOVERY_FAILURES_PER_DAY
// wrong codes are checked; past either cap, no new code is sent for RECOVERY_PAUSE_MS (queries/recovery-limits.ts).
// With ten digits, ten guesses a day find a code with odds of 1 in a billion a day (README, "Recovery").
import { RECOVERY_CODE_LENGTH } from "~/features/account/member-fields";
import { tokenHash } from "./tokens";

export const RECOVERY_CODE_SECONDS = 15 * 60;
/** Wrong tries that void a code. */
export const RECOVERY_MAX_ATTEMPTS = 5;
/** A new code is mailed at most once a minute per address. */
export const RECOVERY_RESEND_SECONDS = 60;
/** Codes sent per address in a day's window; asking for one more pauses recovery. */
export const RECOVERY_CODES_PER_DAY = 5;
/** Wrong codes checked per address in a day's window; the last of them pauses recovery. */
export const RECOVERY_FAILURES_PER_DAY = 10;
/** A day's window: it starts with the address's first request and lasts this long. */
export const RECOVERY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** How long recovery pauses past a cap. */
export const RECOVERY_PAUSE_MS = 24 * 60 * 60 * 1000;

/** RECOVERY_CODE_LENGTH uniformly random digits (rejection sampling keeps every code equally likely). */
export function newRecoveryCode(): string {
  let code = "";
  while (code.length < RECOVERY_CODE_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(RECOVERY_CODE_LENGTH))) {
      // 250 is the largest multiple of 10 a byte holds: bytes 250 to 255 would favour the digits 0 to 5.
      if (byte < 250 && code.length < RECOVERY_CODE_LENGTH) code += String(byte % 10);
    }
  }
  return code;
}

/** Bound to the member, so the same code of two members hashes differently. */
export function recoveryCodeHash(memberId: number, code: string): Promise<string> {
  return tokenHash(`${memberId}:${code}`);
}
