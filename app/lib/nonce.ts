// The CSP nonce, provided by entry.server.tsx; empty in the browser (which hides nonce values anyway).
import { createContext, useContext } from "react";

export const NonceContext = createContext("");
export const useNonce = () => useContext(NonceContext);
