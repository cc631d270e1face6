import { NONCE, secureHeaders } from "hono/secure-headers";

const GOOGLE_TAG = "https://www.googletagmanager.com";
const GOOGLE_ANALYTICS = ["https://*.google-analytics.com", "https://*.analytics.google.com"];

/**
 * Security headers for every reply. The Referrer-Policy keeps the origin on same-origin requests so form posts
 * keep a usable Origin/Referer (`no-referrer`, Hono's default, would send `Origin: null`).
 * The CSP uses a per-request nonce; `formTargets` are origins a form may lead to besides this site; `withCsp` is off under the Vite dev server, whose HMR scripts carry no nonce.
 */
export function securityHeaders({ withCsp, formTargets = [] }: { withCsp: boolean; formTargets?: readonly string[] }) {
  return secureHeaders({
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-site",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ["self"] },
    contentSecurityPolicy: withCsp
      ? {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", NONCE, "'strict-dynamic'", GOOGLE_TAG],
          connectSrc: ["'self'", GOOGLE_TAG, ...GOOGLE_ANALYTICS],
          imgSrc: ["'self'", "data:", "https:"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          fontSrc: ["'self'", "data:"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          // Plus the sign-in providers' origins: a provider button posts to /oauth/login, which redirects there,
          // and form-action also governs where a form's redirects may lead.
          formAction: ["'self'", ...formTargets],
          frameAncestors: ["'none'"],
        }
      : undefined,
  });
}
