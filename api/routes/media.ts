import { Hono } from "hono";
import type { Envelope } from "../lib/http";
import { renderArtwork } from "../seed/artwork";

const FILE = /^([a-z0-9-]{1,40})\.svg$/;

/**
 * The generated product artwork, `/media/art/<name>.svg`. A name always draws the same
 * picture, so browsers and CDNs may keep it for a year without asking again.
 */
export function mediaRoutes() {
  const app = new Hono();
  // Rendering is cheap, but a shop page asks for the same names over and over; only valid
  // names are kept, and there are about 1,400 of them (a few MB at most).
  const cache = new Map<string, string>();

  app.get("/art/:file", (c) => {
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
      return c.json({ status: "RECORD_NOT_FOUND", message: "No such image", data: null } satisfies Envelope, 404);
    }
    c.header("Content-Type", "image/svg+xml; charset=utf-8");
    c.header("Cache-Control", "public, max-age=31536000, immutable");
    c.header("X-Content-Type-Options", "nosniff");
    // Opened directly, an SVG is a document: it must never run script, whatever it contains.
    c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    return c.body(svg);
  });

  return app;
}
