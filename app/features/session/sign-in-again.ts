// The intent a page posts to /login when its own API call met an ended session (member-session.ts writes it out, see
// there): /login then says why the reader is there (session-ended.ts).
export const SIGN_IN_AGAIN_INTENT = "sign-in-again";
