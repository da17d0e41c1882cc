import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REACT_ROUTER_WARNINGS } from "../../vite.config";

const root = path.resolve(import.meta.dirname, "../..");

function filesUnder(dir: string, pattern: RegExp): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => pattern.test(name))
    .map((name) => path.join(dir, name));
}

/** Each top-level `function <name>(…) {…}` of a file, up to the first line that closes it. */
function functionsNamed(source: string, name: string): string[] {
  return [...source.matchAll(new RegExp(`^function ${name}\\([^)]*\\) \\{\\n[\\s\\S]*?\\n\\}$`, "gm"))].map(
    (match) => match[0],
  );
}

// The browser build drops every call to a function named in REACT_ROUTER_WARNINGS (vite.config.ts,
// Terser's pure_funcs): right only while each is a developer warning and nothing else.
describe("the browser build's dropped warning functions", () => {
  const dist = path.join(root, "node_modules/react-router/dist");
  const routerFiles = filesUnder(dist, /\.mjs$/).map((file) => fs.readFileSync(file, "utf8"));

  it.each(REACT_ROUTER_WARNINGS)("React Router's %s only prints a warning", (name) => {
    const bodies = routerFiles.flatMap((source) => functionsNamed(source, name));
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      // What such a function may do: test its arguments, remember that it warned, print, and
      // React Router's throw-and-catch (a place for a debugger to stop). Nothing that returns or
      // changes what the page does.
      const statements = body
        .split("\n")
        .slice(1, -1)
        .map((line) => line.trim())
        .filter((line) => !/^(if \(.*\) \{|\}|try \{|\} catch \(e\) \{)$/.test(line));
      for (const statement of statements) {
        expect(statement).toMatch(
          /^(if \(typeof console !== "undefined"\) )?console\.warn\(message\);$|^throw new Error\(message\);$|^alreadyWarned\d*\[(key|message)\] = true;$|^warning\(false, message\);$/,
        );
      }
    }
  });

  it("no module of the browser's has a function of those names", () => {
    const ours = [
      ...filesUnder(path.join(root, "app"), /\.tsx?$/),
      ...filesUnder(path.join(root, "api/contract"), /\.ts$/),
    ];
    const declares = new RegExp(
      `(function\\s+|(const|let|var)\\s+)(${REACT_ROUTER_WARNINGS.join("|")})\\b|\\b(${REACT_ROUTER_WARNINGS.join("|")})\\s*[:=]\\s*(async\\s*)?(\\(|function)`,
    );
    const offenders = ours.filter((file) => declares.test(fs.readFileSync(file, "utf8")));
    expect(offenders).toEqual([]);
  });
});
