// The envelope codes of the /api/frontend contract (openapi/frontend.yaml, info.description).
export const API_CODE = {
  ok: 1,
  invalidInput: 2,
  unauthenticated: 3,
  notFound: 4,
  serverError: 5,
  conflict: 6,
  tooManyAttempts: 7,
} as const;

/** The message shown when an error reply carries none (SPEC §8). */
export function unknownErrorMessage(code: unknown): string {
  return `未知錯誤(${String(code)})`;
}
