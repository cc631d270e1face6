#!/usr/bin/env node
// A fault-injecting stand-in for the bookstore backend (API_ORIGIN), on loopback. In "pass" mode it forwards each
// request to a real storefront's /api/frontend (the built-in API); in the other modes it fails the way real origins
// do. The fault test storefront (.config/playwright.config.ts) points its API_ORIGIN here.
//   node tests/support/fault-origin.mjs --port 8792 --upstream http://127.0.0.1:8788
// Modes, switched with `POST /_fault {"mode": "...", "delay_ms": 3000}` (`GET /_fault` says the mode and counts):
//   pass            forward to the upstream and answer what it answers
//   hang            accept the request and never answer
//   slow            forward, send the upstream's status and headers at once and its body delay_ms later
//   500             HTTP 500 with an HTML error page, as a failing web server answers
//   broken-json     HTTP 200, Content-Type JSON, a body cut off half way
//   wrong-envelope  HTTP 200, valid JSON that is not the { code, message, data } envelope
//   reset           close the connection without a reply
// /healthz and /_fault are never faulted.
import { createServer } from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

export const FAULT_MODES = ["pass", "hang", "slow", "500", "broken-json", "wrong-envelope", "reset"];

/** Headers that describe one hop, not the message: never forwarded either way. */
const HOP_HEADERS = new Set([
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "host",
  "upgrade",
]);

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

const json = (res, status, body) => {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
};

/** The upstream's reply to `req`: status, headers (no cookies: a bare backend sets none) and body. */
async function forward(req, upstream) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (!HOP_HEADERS.has(name) && name !== "cookie" && typeof value === "string") headers.set(name, value);
  }
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : await readBody(req);
  const reply = await fetch(`${upstream}${req.url}`, { method: req.method, headers, body, redirect: "manual" });
  const replyHeaders = {};
  for (const [name, value] of reply.headers) {
    if (!HOP_HEADERS.has(name) && name !== "set-cookie") replyHeaders[name] = value;
  }
  return { status: reply.status, headers: replyHeaders, body: Buffer.from(await reply.arrayBuffer()) };
}

/**
 * The stand-in origin as an http.Server (not yet listening). `upstream` is the origin that "pass" forwards to,
 * e.g. http://127.0.0.1:8788 (a storefront; /api/frontend/... is appended as asked).
 */
export function createFaultOrigin({ upstream }) {
  const state = { mode: "pass", delayMs: 3000, requests: 0 };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/healthz") return json(res, 200, { status: "ok" });
    if (url.pathname === "/_fault") {
      if (req.method === "POST") {
        const asked = JSON.parse(String(await readBody(req)) || "{}");
        if (!FAULT_MODES.includes(asked.mode)) return json(res, 400, { error: `mode must be one of ${FAULT_MODES}` });
        Object.assign(state, { mode: asked.mode, delayMs: Number(asked.delay_ms ?? 3000), requests: 0 });
      }
      return json(res, 200, { mode: state.mode, delay_ms: state.delayMs, requests: state.requests });
    }

    state.requests++;
    const { mode, delayMs } = state;
    try {
      switch (mode) {
        case "hang":
          return;
        case "reset":
          return req.socket.destroy();
        case "500":
          res.writeHead(500, { "Content-Type": "text/html; charset=utf-8" });
          return res.end("<html><body><h1>500 Internal Server Error</h1></body></html>");
        case "broken-json":
          res.writeHead(200, { "Content-Type": "application/json" });
          return res.end('{"code":1,"message":"成功","data":{"id":1,"title":"');
        case "wrong-envelope":
          return json(res, 200, { status: "ok", result: { items: [] } });
        default: {
          const reply = await forward(req, upstream);
          res.writeHead(reply.status, reply.headers);
          if (mode !== "slow") return res.end(reply.body);
          res.flushHeaders();
          setTimeout(() => res.end(reply.body), delayMs).unref();
        }
      }
    } catch (error) {
      // The upstream itself failed: say so plainly (this is a test tool, not the storefront).
      if (!res.headersSent) res.writeHead(599, { "Content-Type": "text/plain" });
      res.end(`fault origin: upstream failed: ${String(error)}`);
    }
  });
  return server;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: "8792" },
      upstream: { type: "string", default: "http://127.0.0.1:8788" },
    },
  });
  createFaultOrigin({ upstream: values.upstream }).listen(Number(values.port), "127.0.0.1", () => {
    console.info(`fault origin on http://127.0.0.1:${values.port}, passing to ${values.upstream}`);
  });
}
