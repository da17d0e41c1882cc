import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { brotliWindow, chooseEncoding, compress } from "../../server/compress";

// server/compress.ts: brotli or gzip for pages and JSON, gzip for streams, Hono's rules otherwise.

const page = `<!DOCTYPE html><html><body>${"<p>₹1,299 ünïcødé</p>".repeat(200)}</body></html>`;

function app() {
  const site = new Hono();
  site.use(compress());
  site.get("/page", (c) => c.html(page));
  site.get("/small", (c) => c.html("<p>small</p>"));
  site.get("/json", (c) => c.json({ products: Array.from({ length: 100 }, (_, i) => ({ id: i, title: "Tee" })) }));
  site.get("/tagged", (c) => c.html(page, 200, { ETag: '"v1"' }));
  site.get("/encoded", (c) =>
    c.body(zlib.gzipSync(page), 200, { "Content-Type": "text/html", "Content-Encoding": "gzip" }),
  );
  site.get("/no-transform", (c) => c.html(page, 200, { "Cache-Control": "no-transform" }));
  site.get("/picture", (c) => c.body(Buffer.alloc(4096), 200, { "Content-Type": "image/png" }));
  site.get("/csv", () => {
    const rows = Array.from({ length: 500 }, (_, i) => `${i},Tee,₹499\n`);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const row = rows.shift();
        if (row === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(row));
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/csv; charset=utf-8" } });
  });
  return site;
}

async function get(path: string, acceptEncoding?: string, method = "GET") {
  const headers: Record<string, string> = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
  const response = await app().request(path, { method, headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  const encoding = response.headers.get("content-encoding");
  const text =
    encoding === "br"
      ? zlib.brotliDecompressSync(bytes).toString()
      : encoding === "gzip"
        ? zlib.gunzipSync(bytes).toString()
        : bytes.toString();
  return { response, encoding, bytes, text };
}

describe("compression", () => {
  it("sends a page as brotli to a browser, smaller than gzip, and the same text", async () => {
    const br = await get("/page", "gzip, deflate, br, zstd");
    const gz = await get("/page", "gzip, deflate");
    expect(br.encoding).toBe("br");
    expect(gz.encoding).toBe("gzip");
    expect(br.text).toBe(page);
    expect(gz.text).toBe(page);
    expect(br.bytes.length).toBeLessThan(gz.bytes.length);
    for (const { response } of [br, gz]) {
      expect(response.headers.get("vary")).toBe("Accept-Encoding");
      expect(response.headers.get("content-length")).not.toBe(String(Buffer.byteLength(page)));
      expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    }
  });

  it("compresses JSON too", async () => {
    const { encoding, text } = await get("/json", "br");
    expect(encoding).toBe("br");
    expect(JSON.parse(text).products).toHaveLength(100);
  });

  it("follows the client's preferences and refusals", async () => {
    expect(chooseEncoding("gzip, deflate, br", ["br", "gzip"])).toBe("br");
    expect(chooseEncoding("gzip;q=0.5, br;q=0.4", ["br", "gzip"])).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip", ["br", "gzip"])).toBe("gzip");
    expect(chooseEncoding("*", ["br", "gzip"])).toBe("br");
    expect(chooseEncoding("*;q=0", ["br", "gzip"])).toBeUndefined();
    expect(chooseEncoding("identity", ["br", "gzip"])).toBeUndefined();
    expect(chooseEncoding("BR", ["br", "gzip"])).toBe("br");
    expect(chooseEncoding(undefined, ["br", "gzip"])).toBeUndefined();
    const plain = await get("/page", "identity");
    expect(plain.encoding).toBeNull();
    expect(plain.text).toBe(page);
    expect(plain.response.headers.get("vary")).toBe("Accept-Encoding");
    expect((await get("/page")).encoding).toBeNull();
  });

  it("gzips a stream as it comes, even for a client that accepts brotli", async () => {
    const { encoding, text } = await get("/csv", "gzip, br");
    expect(encoding).toBe("gzip");
    expect(text.split("\n")).toHaveLength(501);
    expect(text.startsWith("0,Tee,₹499\n")).toBe(true);
  });

  it("leaves alone what is small, already encoded, marked no-transform, a picture or a HEAD", async () => {
    const small = await get("/small", "br");
    expect(small.encoding).toBeNull();
    expect(small.text).toBe("<p>small</p>");
    const encoded = await get("/encoded", "br");
    expect(encoded.encoding).toBe("gzip");
    expect(encoded.text).toBe(page);
    expect((await get("/no-transform", "br")).encoding).toBeNull();
    expect((await get("/picture", "br")).encoding).toBeNull();
    const head = await get("/page", "br", "HEAD");
    expect(head.encoding).toBeNull();
  });

  it("sizes brotli's window to the body, from 1 KB to brotli's largest", () => {
    expect(brotliWindow(1024)).toBe(10);
    expect(brotliWindow(1025)).toBe(11);
    expect(brotliWindow(150_000)).toBe(18);
    expect(brotliWindow(2 ** 22)).toBe(22);
    expect(brotliWindow(50_000_000)).toBe(22);
    expect(brotliWindow(0)).toBe(10);
  });

  it("weakens a strong ETag on what it compresses", async () => {
    expect((await get("/tagged", "br")).response.headers.get("etag")).toBe('W/"v1"');
    expect((await get("/tagged", "identity")).response.headers.get("etag")).toBe('"v1"');
  });
});
