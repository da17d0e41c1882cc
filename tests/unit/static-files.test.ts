import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { loadStaticFiles, precompressStaticFiles, staticResponse } from "../../server/static";

// The built client files: compressed once by the build (react-router.config.ts), read at start-up.

const script = "export const shop = 'Mart';\n".repeat(40);
let dir: string;

function clientDir(): string {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "static-files-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets/entry-abc123.js"), script);
  fs.writeFileSync(path.join(dir, "assets/tiny.js"), "export {};\n");
  fs.writeFileSync(
    path.join(dir, "favicon.svg"),
    `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(200)}</svg>`,
  );
  return dir;
}

function get(files: ReturnType<typeof loadStaticFiles>, pathname: string, encoding: string) {
  return staticResponse(
    files,
    new Request(`http://localhost${pathname}`, { headers: { "accept-encoding": encoding } }),
  );
}

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("precompressed static files", () => {
  it("writes brotli and gzip copies of each compressible file over 512 bytes, and serves them", async () => {
    const root = clientDir();
    expect(precompressStaticFiles(root)).toBe(2);
    expect(fs.existsSync(path.join(root, "assets/entry-abc123.js.br"))).toBe(true);
    expect(fs.existsSync(path.join(root, "favicon.svg.gz"))).toBe(true);
    expect(fs.existsSync(path.join(root, "assets/tiny.js.br"))).toBe(false);
    const written = fs.readFileSync(path.join(root, "assets/entry-abc123.js.br"));

    const files = loadStaticFiles(root);
    // The copies are not files of their own.
    expect([...files.keys()].sort()).toEqual(["/assets/entry-abc123.js", "/assets/tiny.js", "/favicon.svg"]);
    const br = get(files, "/assets/entry-abc123.js", "gzip, br")!;
    expect(br.headers.get("content-encoding")).toBe("br");
    const body = Buffer.from(await br.arrayBuffer());
    expect(body.equals(written)).toBe(true);
    expect(brotliDecompressSync(body).toString()).toBe(script);
    const gzip = get(files, "/assets/entry-abc123.js", "gzip")!;
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);
    expect(get(files, "/assets/entry-abc123.js.br", "br")).toBeNull();
  });

  it("compresses a file itself when the build left no copy, or one older than the file", async () => {
    const root = clientDir();
    precompressStaticFiles(root);
    // A copy older than its file is not its copy.
    const changed = "export const changed = true;\n".repeat(40);
    const file = path.join(root, "assets/entry-abc123.js");
    fs.writeFileSync(file, changed);
    const past = new Date(Date.now() - 60_000);
    fs.utimesSync(file + ".br", past, past);
    fs.rmSync(path.join(root, "favicon.svg.gz"));

    const files = loadStaticFiles(root);
    const br = get(files, "/assets/entry-abc123.js", "br")!;
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(changed);
    const svg = get(files, "/favicon.svg", "gzip")!;
    expect(svg.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await svg.arrayBuffer())).toString()).toContain("<svg");
  });
});
