import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/architecture.md is how a newcomer learns the code: every path and script it names must exist.
const root = path.resolve(import.meta.dirname, "../..");
const doc = fs.readFileSync(path.join(root, "docs/architecture.md"), "utf8");
const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).scripts);

/** Every `code` span of the document, whatever it holds. */
const spans = [...doc.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);

describe("docs/architecture.md", () => {
  it("names only paths that exist", () => {
    const named = spans.filter((span) => /^(app|api|server|tests|bench|docs|public)\/[\w./$+-]*$/.test(span));
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((file) => !fs.existsSync(path.join(root, file)))).toEqual([]);
  });

  it("names only files that exist, where it names them by folder", () => {
    // `tests/unit/workers.test.ts`, `expiry-processes.test.ts`: a bare file name stands for one somewhere in the repo.
    const bare = spans.filter((span) => /^[\w.-]+\.(ts|tsx)$/.test(span));
    const everyFile = new Set(
      ["app", "api", "server", "tests", "bench"].flatMap((dir) =>
        fs.readdirSync(path.join(root, dir), { recursive: true }).map((file) => path.basename(String(file))),
      ),
    );
    expect(bare.filter((file) => !everyFile.has(file))).toEqual([]);
  });

  it("names only npm scripts that exist", () => {
    const named = [...doc.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]);
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter((script) => !scripts.includes(script))).toEqual([]);
  });

  it("keeps its lines short enough to read without scrolling", () => {
    expect(doc.split("\n").filter((line) => line.length > 120)).toEqual([]);
  });
});
