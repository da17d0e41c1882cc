import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import type { Context } from "hono";
import type { ApiEnv } from "../lib/context";
import { type Envelope } from "../lib/http/http";
import { failure, mount } from "../lib/http/openapi";

// The API's own description (docs/decisions/015-openapi.md), mounted at /userapp:
// - GET /userapp/openapi.json: the OpenAPI 3.1 document, generated from the routes' zod schemas;
// - GET /userapp/docs: an interactive reference (Scalar), with a plain list of the endpoints in
//   the page itself, which is what shows without JavaScript or without Scalar's script;
// - GET /userapp/docs/scalar.js: Scalar's browser bundle, served from node_modules when the
//   @scalar/api-reference package is installed (never from a CDN the shop may not reach).

export const OPENAPI_PATH = "/userapp/openapi.json";
export const DOCS_PATH = "/userapp/docs";
const SCRIPT_PATH = `${DOCS_PATH}/scalar.js`;

/** Where Scalar's standalone browser bundle lives in its package. */
const SCALAR_BUNDLE = "@scalar/api-reference/browser/standalone.js";

/** The bundle's file, or null when the package is not installed. */
function scalarBundlePath(): string | null {
  try {
    return createRequire(import.meta.url).resolve(SCALAR_BUNDLE);
  } catch {
    return null;
  }
}

/**
 * The reference page's own Content-Security-Policy: only this response's nonce runs script (the
 * local bundle and the call that starts it), requests go to this origin only (the document and
 * "Try it"), and nothing may frame it or submit forms elsewhere.
 */
export function docsContentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

type Document = { paths: Record<string, Record<string, { summary?: string; security?: unknown[] }>> };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

/** The endpoints as a plain list: the page without JavaScript, and until Scalar replaces it. */
function endpointList(document: Document): string {
  const items: string[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const token = operation.security && operation.security.length > 0 ? " (bearer token)" : "";
      items.push(
        `<li><code>${method.toUpperCase()} ${escapeHtml(path)}</code>${escapeHtml(token)}: ${escapeHtml(operation.summary ?? "")}</li>`,
      );
    }
  }
  return `<main style="font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem">
      <h1>The /userapp API</h1>
      <p>The machine-readable description is <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI 3.1).</p>
      <ul>${items.join("")}</ul>
    </main>`;
}

const documentRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  tags: ["docs"],
  summary: "This API's OpenAPI 3.1 document",
  responses: {
    200: { description: "The document", content: { "application/json": { schema: z.object({}).loose() } } },
  },
});

const docsRoute = createRoute({
  method: "get",
  path: "/docs",
  tags: ["docs"],
  summary: "The interactive API reference (HTML)",
  responses: { 200: { description: "The reference page", content: { "text/html": { schema: z.string() } } } },
});

const scriptRoute = createRoute({
  method: "get",
  path: "/docs/scalar.js",
  tags: ["docs"],
  summary: "The reference page's script (Scalar's bundle, served locally)",
  responses: {
    200: { description: "The script", content: { "text/javascript": { schema: z.string() } } },
    404: failure(404, "RECORD_NOT_FOUND: the bundle is not installed; the page keeps its plain list"),
  },
});

/** The document and reference routes; `document()` builds (once) the document of the whole app. */
export function docsRoutes(documentOf: () => object) {
  const document = documentOf as () => Document;
  const app = new OpenAPIHono<ApiEnv>();
  const bundle = scalarBundlePath();
  let script: Promise<string> | null = null;

  mount(app, documentRoute, (c) => c.json(document()));

  mount(app, docsRoute, async (c) => {
    const nonce = randomBytes(16).toString("base64");
    c.header("Content-Security-Policy", docsContentSecurityPolicy(nonce));
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    c.header("X-Frame-Options", "DENY");
    // Without Scalar's bundle the page is the plain list alone, with no script to fail.
    if (!bundle) {
      return c.html(
        `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>The /userapp API</title></head><body>${endpointList(document())}</body></html>`,
      );
    }
    const rendered = (await Scalar<ApiEnv>({
      url: OPENAPI_PATH,
      cdn: SCRIPT_PATH,
      pageTitle: "The /userapp API",
      // Nothing from another origin: no web fonts, no telemetry.
      withDefaultFonts: false,
      telemetry: false,
      // No "Ask AI": it would send the document to Scalar's service (the CSP refuses it anyway).
      agent: { disabled: true },
    })(c as Context<ApiEnv>, async () => {})) as Response;
    const html = (await rendered.text())
      .replaceAll("<script ", `<script nonce="${nonce}" `)
      .replace('<div id="app"></div>', `<div id="app">${endpointList(document())}</div>`);
    return c.html(html);
  });

  mount(app, scriptRoute, async (c) => {
    if (!bundle) {
      return c.json(
        {
          status: "RECORD_NOT_FOUND",
          message: "The reference's script is not installed",
          data: null,
          code: "NOT_FOUND",
        } satisfies Envelope,
        404,
      );
    }
    script ??= readFile(bundle, "utf8");
    c.header("Content-Type", "text/javascript; charset=utf-8");
    c.header("Cache-Control", "public, max-age=3600");
    return c.body(await script);
  });

  return app;
}
