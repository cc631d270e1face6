// The worker's configuration: one zod schema entry per variable of wrangler.toml's [vars] (and secrets). Each entry
// turns the raw text into a typed value that the code reads as `config.<camelCase name>` (OAUTH_PROVIDERS →
// `config.oauthProviders`); nothing else reads a variable raw. Only `config.site` reaches the app and the browser.
import { z } from "zod";
import { log } from "~/lib/log.server";
import type { SiteConfig } from "~/lib/site-config";
import { oauthProvidersSchema } from "./api/oauth/providers";

/** Text, trimmed; empty, or else valid by `schema` (`message` says what it must be). */
const emptyOr = <T extends z.ZodType<unknown, string>>(schema: T, message: string) =>
  z
    .string()
    .trim()
    .default("")
    .pipe(z.union([z.literal(""), schema], { error: message }));
/** An http(s) origin without trailing slashes, or empty. */
const origin = emptyOr(
  z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, "")),
  "must be empty or an http(s) URL such as https://books.example.tw",
);

/** A variable holding JSON: the text is parsed, then checked against `schema`. */
const jsonText = <T extends z.ZodType>(schema: T, fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text || fallback) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "is not valid JSON" });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** A whole number from `min` to `max` (at most 6 digits), refused with `rule`; empty means `fallback`. */
const wholeNumber = (fallback: number, min: number, max: number, rule: string) =>
  z
    .string()
    .trim()
    .default("")
    .transform((text) => text || String(fallback))
    .pipe(
      z
        .string()
        .regex(/^\d{1,6}$/, rule)
        .transform(Number),
    )
    .pipe(z.number().min(min, rule).max(max, rule));

/** A timeout in whole milliseconds (100 to 60000); empty means `fallback`. */
const timeoutMs = (fallback: number) =>
  wholeNumber(fallback, 100, 60_000, "must be empty or whole milliseconds from 100 to 60000");

/** An e-mail address, or empty. */
const emailAddress = emptyOr(z.email(), "must be empty or an e-mail address such as store@books.example.tw");

/** Whole seconds from 0 to `max`; empty means `fallback`. */
const seconds = (fallback: number, max: number) =>
  wholeNumber(fallback, 0, max, `must be empty or whole seconds from 0 to ${max}`);

const ANALYTICS_ID_RULE = "must be empty or look like G-XXXXXXX";

const MERCHANT_ID_RULE = "must be empty or a NewebPay merchant id (letters, digits, _; at most 20)";

/** Text of exactly `length` printable ASCII characters (NewebPay's HashKey and HashIV), or empty. */
const secretOfLength = (length: number) => {
  const rule = `must be empty or exactly ${length} characters (letters, digits, symbols; no spaces)`;
  // The messages never include the value: these are secrets.
  return emptyOr(z.string().regex(new RegExp(`^[\\x21-\\x7e]{${length}}$`), rule), rule);
};

/** NewebPay's test host; production is https://core.newebpay.com. */
export const NEWEBPAY_TEST_HOST = "https://ccore.newebpay.com";

/** Loopback hosts, where another implementation of a protocol may stand in over plain http. */
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|localhost|\[::1\])$/;

/** A payment or invoice service's address: https, or http on a loopback host (a local stand-in); empty means the test host's. */
const gatewayUrl = (testHost: string, path: string, productionHost = "https://core.newebpay.com") => {
  const rule = `must be an https URL such as ${productionHost}${path} (http only on 127.0.0.1 or localhost)`;
  return z
    .string()
    .trim()
    .default("")
    .transform((value) => value || `${testHost}${path}`)
    .pipe(
      z.string().refine((text) => {
        if (!URL.canParse(text)) return false;
        const url = new URL(text);
        return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.test(url.hostname));
      }, rule),
    );
};

/** ezPay's (簡單付電子發票) test host; production is https://inv.ezpay.com.tw. */
export const EZPAY_TEST_HOST = "https://cinv.ezpay.com.tw";

const EZPAY_MERCHANT_ID_RULE = "must be empty or an ezPay merchant id (letters, digits, _; at most 20)";

/** The variables that only work together: all set (payment available) or all empty (payment unavailable). */
const NEWEBPAY_CREDENTIALS = ["NEWEBPAY_MERCHANT_ID", "NEWEBPAY_HASH_KEY", "NEWEBPAY_HASH_IV"] as const;
/** Likewise for e-invoices: all set (invoices are issued) or all empty (they wait as 待開立). */
const EZPAY_CREDENTIALS = ["EZPAY_MERCHANT_ID", "EZPAY_HASH_KEY", "EZPAY_HASH_IV"] as const;

const VARIABLES = {
  SITE_TITLE: z.string().trim().min(1, "must not be empty").default("覺林書房"),
  SITE_DESCRIPTION: z
    .string({ error: (issue) => (issue.input === undefined ? "is not set" : "must be text") })
    .trim()
    .min(1, "must not be empty"),
  SITE_URL: origin,
  API_ORIGIN: origin,
  // How long a call to API_ORIGIN may take, body included, before the proxy answers code 5 (HTTP 504) itself.
  API_TIMEOUT_MS: timeoutMs(8000),
  ANALYTICS_ID: emptyOr(z.string().regex(/^G-[A-Z0-9]{4,20}$/, ANALYTICS_ID_RULE), ANALYTICS_ID_RULE),
  OAUTH_PROVIDERS: jsonText(oauthProvidersSchema, "[]"),
  // How long each call to a sign-in provider (token, userinfo) may take before the exchange fails with code 5.
  OAUTH_TIMEOUT_MS: timeoutMs(8000),
  // The development mailbox exists only when the value is exactly "on"; anything else is off.
  DEV_MAILBOX: z
    .string()
    .default("")
    .transform((value) => value === "on"),
  // NewebPay MPG (藍新金流): the merchant id and its HashKey/HashIV (secrets in production). All three or none.
  NEWEBPAY_MERCHANT_ID: emptyOr(z.string().regex(/^[A-Za-z0-9_]{1,20}$/, MERCHANT_ID_RULE), MERCHANT_ID_RULE),
  NEWEBPAY_HASH_KEY: secretOfLength(32),
  NEWEBPAY_HASH_IV: secretOfLength(16),
  NEWEBPAY_GATEWAY_URL: gatewayUrl(NEWEBPAY_TEST_HOST, "/MPG/mpg_gateway"),
  // Where QueryTradeInfo is asked (server to server) before a payment settles, and by the reconciler.
  NEWEBPAY_QUERY_URL: gatewayUrl(NEWEBPAY_TEST_HOST, "/API/QueryTradeInfo"),
  // How long one QueryTradeInfo call may take; past it the order stays as it is and the reconciler asks later.
  NEWEBPAY_TIMEOUT_MS: timeoutMs(8000),
  // The stand-in payment gateway (/_dev/payment) exists only when the value is exactly "on"; anything else is off.
  DEV_PAYMENT: z
    .string()
    .default("")
    .transform((value) => value === "on"),
  // ezPay e-invoices (worker/einvoice/): the merchant id and its HashKey/HashIV (secrets in production), all three or
  // none; where its API is (empty: the test host; production https://inv.ezpay.com.tw; http only on a loopback host).
  EZPAY_MERCHANT_ID: emptyOr(z.string().regex(/^[A-Za-z0-9_]{1,20}$/, EZPAY_MERCHANT_ID_RULE), EZPAY_MERCHANT_ID_RULE),
  EZPAY_HASH_KEY: secretOfLength(32),
  EZPAY_HASH_IV: secretOfLength(16),
  EZPAY_URL: gatewayUrl(EZPAY_TEST_HOST, "", "https://inv.ezpay.com.tw"),
  // How long one ezPay call (issue, void, search) may take; past it the invoice stays as it is and is tried again.
  EZPAY_TIMEOUT_MS: timeoutMs(8000),
  // The first retry's delay of an invoice ezPay could not take; each further retry waits twice as long.
  EINVOICE_RETRY_BASE_SECONDS: seconds(60, 43_200),
  // The stand-in e-invoice service (/_dev/einvoice) exists only when the value is exactly "on"; anything else is off.
  DEV_EINVOICE: z
    .string()
    .default("")
    .transform((value) => value === "on"),
  // Mail (worker/mail-delivery/): the sender's address, on a domain onboarded to Cloudflare Email Sending (empty: no
  // mail can be sent, and each one ends failed), the sender's name, and where replies go (empty: to the sender).
  MAIL_FROM: emailAddress,
  MAIL_FROM_NAME: z.string().trim().min(1, "must not be empty").default("覺林書房"),
  MAIL_REPLY_TO: emailAddress,
  // The first retry's delay of a mail the binding refused for a while; each further retry waits twice as long.
  MAIL_RETRY_BASE_SECONDS: seconds(60, 43_200),
  // Exactly "on": /api/frontend never answers from the edge cache, so a bench measures the API itself
  // (scripts/bench.mjs); anything else is off.
  DEV_API_CACHE_BYPASS: z
    .string()
    .default("")
    .transform((value) => value === "on"),
};

type VariableName = keyof typeof VARIABLES;

/** SITE_URL → siteUrl, NEWEBPAY_HASH_IV → newebpayHashIv. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}`
  : Lowercase<S>;

const camelCase = (name: string) => name.toLowerCase().replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

type ConfigVariables = {
  [Name in VariableName as CamelCase<Name>]: z.output<(typeof VARIABLES)[Name]>;
};

export interface WorkerConfig extends ConfigVariables {
  /** The explicit public subset: what the app may render and send to the browser. */
  site: SiteConfig;
}

/** An invalid configuration; the message names every variable at fault. */
export class ConfigError extends Error {
  override name = "ConfigError";
  constructor(readonly issues: { variable: string; message: string }[]) {
    super(`Invalid worker configuration: ${issues.map((issue) => issue.message).join("; ")}`);
  }
}

const configSchema = z.object(VARIABLES).superRefine((values, ctx) => {
  for (const together of [NEWEBPAY_CREDENTIALS, EZPAY_CREDENTIALS]) {
    const missing = together.filter((name) => !values[name]);
    if (missing.length === 0 || missing.length === together.length) continue;
    for (const name of missing) {
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `must be set together with ${together.filter((other) => other !== name).join(" and ")}`,
      });
    }
  }
});

function issuePath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === "number" ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
    "",
  );
}

/** Validates the variables; throws a `ConfigError` naming each variable that is wrong. */
export function parseConfig(env: Record<string, unknown>): WorkerConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        variable: String(issue.path[0]),
        message: `${issuePath(issue.path)}: ${issue.message}`,
      })),
    );
  }
  const variables = Object.fromEntries(
    Object.entries(parsed.data).map(([name, value]) => [camelCase(name), value]),
  ) as ConfigVariables;
  return {
    ...variables,
    site: {
      siteTitle: variables.siteTitle,
      siteDescription: variables.siteDescription,
      siteUrl: variables.siteUrl,
      analyticsId: variables.analyticsId,
      buildId: __BUILD_ID__,
    },
  };
}

/** The configuration, or the error that names what is wrong with it (logged here, once). */
export function loadConfig(env: Record<string, unknown>): WorkerConfig | ConfigError {
  try {
    return parseConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log.error("config", { message: error.message });
    return error;
  }
}
