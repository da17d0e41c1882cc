import { Writable } from "node:stream";
import { Suspense, createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { wholeFlushes } from "../../app/entry.server";

// React writes a page in 2 KB pieces; app/entry.server.tsx passes each of its flushes on as one chunk.

/** Renders `element` through wholeFlushes and returns the chunks that come out, in order. */
function render(element: ReturnType<typeof createElement>): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe } = renderToPipeableStream(element, {
      onShellReady() {
        const body = wholeFlushes();
        body.pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
          }),
        );
        body.on("end", () => resolve(chunks));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

const page = (rows: number) =>
  createElement(
    "ul",
    null,
    Array.from({ length: rows }, (_, i) => createElement("li", { key: i, className: "row" }, `Row ${i}: ₹${i * 7}`)),
  );

describe("wholeFlushes", () => {
  it("passes a page React writes in many pieces on as one chunk, byte for byte", async () => {
    const chunks = await render(page(3000));
    const html = Buffer.concat(chunks).toString();
    expect(html.length).toBeGreaterThan(60_000);
    expect(chunks).toHaveLength(1);
    expect(html).toMatch(/^<ul><li class="row">Row 0: ₹0<\/li>/);
    expect(html).toMatch(/<li class="row">Row 2999: ₹20993<\/li><\/ul>$/);
  });

  it("keeps what React writes after the shell (a suspended part) as a chunk of its own, in order", async () => {
    let release: () => void = () => {};
    const later = new Promise<void>((resolve) => (release = resolve));
    let ready = false;
    function Later() {
      if (!ready) throw later.then(() => (ready = true));
      return createElement("p", null, "Arrived later");
    }
    const rendering = render(
      createElement("div", null, page(500), createElement(Suspense, { fallback: "Loading" }, createElement(Later))),
    );
    setTimeout(release, 50);
    const chunks = await rendering;
    expect(chunks.length).toBeGreaterThanOrEqual(2);
    const html = Buffer.concat(chunks).toString();
    expect(html.indexOf("Loading")).toBeLessThan(html.indexOf("Arrived later"));
    expect(chunks[0].toString()).not.toContain("Arrived later");
  });
});
