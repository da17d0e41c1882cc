import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Database } from "../db/client";
import type { Envelope } from "../lib/http/http";
import { failure, mount } from "../lib/http/openapi";
import { readMedia } from "../lib/catalogue/product-images";
import { readReviewMedia } from "../lib/reviews/review-photos";
import { renderArtwork } from "../seed/artwork";

const NO_SUCH_IMAGE = {
  status: "RECORD_NOT_FOUND",
  message: "No such image",
  data: null,
  code: "NOT_FOUND",
} satisfies Envelope;

const FILE = /^([a-z0-9-]{1,40})\.svg$/;

/**
 * The generated product artwork, `/media/art/<name>.svg`, and uploaded product photos,
 * `/media/products/<product id>/<hash>-<width>.webp` (api/lib/catalogue/product-images.ts). A name always
 * shows the same picture, so browsers and CDNs may keep it for a year without asking again.
 */
const tags = ["media"];
/** An answer of image bytes, for the document. */
export const image = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: z.string().openapi({ format: "binary" }) } },
});

/**
 * Answers an uploaded photo's WebP bytes, never to be sniffed as anything else or run as a
 * document; the caller says how long it may be kept (Cache-Control).
 */
export function sendWebp(c: Context, bytes: Uint8Array<ArrayBuffer>) {
  c.header("Content-Type", "image/webp");
  c.header("Content-Length", String(bytes.byteLength));
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Content-Security-Policy", "default-src 'none'");
  return c.body(bytes);
}

// Outside /userapp: no token, no body, so none of the API's shared answers (api/lib/http/openapi.ts apiRoute).
const artRoute = createRoute({
  method: "get",
  path: "/art/{file}",
  tags,
  summary: "Generated product artwork (SVG), cached for a year",
  request: { params: z.object({ file: z.string().openapi({ example: "blue-shirt.svg" }) }) },
  responses: { 200: image("image/svg+xml", "The artwork"), 404: failure(404, "RECORD_NOT_FOUND: no such image") },
});

const photoRoute = createRoute({
  method: "get",
  path: "/products/{id}/{file}",
  tags,
  summary: "An uploaded product photo (WebP, `<hash>-<width>.webp`), cached for a year",
  request: { params: z.object({ id: z.string(), file: z.string().openapi({ example: "0123456789abcdef-640.webp" }) }) },
  responses: { 200: image("image/webp", "The photo"), 404: failure(404, "RECORD_NOT_FOUND: no such image") },
});

const reviewPhotoRoute = createRoute({
  method: "get",
  path: "/reviews/{id}/{file}",
  tags,
  summary: "A review's photo (WebP, `<hash>-<width>.webp`), only while the review is published",
  description:
    "A held or removed review's photos answer 404. Caches must ask again each time (`no-cache`, with an ETag), so a photo stops being shown once its review is taken down.",
  request: { params: z.object({ id: z.string(), file: z.string().openapi({ example: "0123456789abcdef-320.webp" }) }) },
  responses: {
    200: image("image/webp", "The photo"),
    304: { description: "Not modified: the review is still published and the cache's copy is this file" },
    404: failure(404, "RECORD_NOT_FOUND: no such image, or its review is not published"),
  },
});

export function mediaRoutes(deps: { db: Database }) {
  const app = new OpenAPIHono();
  // Rendering is cheap, but a shop page asks for the same names over and over; only valid
  // names are kept, and there are about 1,400 of them (a few MB at most).
  const cache = new Map<string, string>();

  mount(app, artRoute, (c) => {
    const match = FILE.exec(c.req.param("file"));
    const name = match?.[1];
    let svg = name === undefined ? undefined : cache.get(name);
    if (name !== undefined && svg === undefined) {
      const rendered = renderArtwork(name);
      if (rendered !== null) {
        svg = rendered;
        cache.set(name, svg);
      }
    }
    if (svg === undefined) {
      return c.json(NO_SUCH_IMAGE, 404);
    }
    c.header("Content-Type", "image/svg+xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("X-Content-Type-Options", "nosniff");
    // Opened directly, an SVG is a document: it must never run script, whatever it contains.
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    return c.body(svg);
  });

  mount(app, photoRoute, async (c) => {
    const bytes = await readMedia(deps.db, c.req.param("id"), c.req.param("file"));
    if (bytes === null) {
      return c.json(NO_SUCH_IMAGE, 404);
    }
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    return sendWebp(c, bytes);
  });

  mount(app, reviewPhotoRoute, async (c) => {
    const file = c.req.param("file");
    const bytes = await readReviewMedia(deps.db, c.req.param("id"), file);
    if (bytes === null) {
      return c.json(NO_SUCH_IMAGE, 404);
    }
    // A name never changes what it holds, but the review may be taken down: every use asks again.
    const etag = `"${file}"`;
    c.header("Cache-Control", "public, no-cache");
    c.header("ETag", etag);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Content-Security-Policy", "default-src 'none'");
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    return sendWebp(c, bytes);
  });

  return app;
}
