/**
 * No import circle under api/, app/ or server/, type-only imports, re-exports and `import()`
 * included (decisions 040 and 041): every module can be read, and tested, after the modules it
 * imports. The graph is read with TypeScript's own scanner (ts.preProcessFile), so a cycle is
 * named by the files it runs through.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** The file a relative or `~/` specifier names (`./x`, `./x.ts`, `./x/index.ts`), or null for a package. */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".") && !specifier.startsWith("~/")) return null;
  const base = (
    specifier.startsWith("~/") ? join(root, "app", specifier.slice(2)) : resolve(dirname(from), specifier)
  ).replace(/\.js$/, "");
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every file's imports within `files`: static, type-only, re-exports and dynamic `import()`. */
export function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
      const targets = importedFiles
        .map((entry) => resolveSpecifier(file, entry.fileName))
        .filter((target): target is string => target !== null && known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** The strongly connected components of more than one file, or of one that imports itself (Tarjan). */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

describe("import cycles", () => {
  it("finds a cycle when there is one, type-only imports included", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
      ["e.ts", ["e.ts"]],
    ]);
    expect(importCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
    const { importedFiles } = ts.preProcessFile(`import type { X } from "./x";\nexport * from "./y";`, true, true);
    expect(importedFiles.map((entry) => entry.fileName)).toEqual(["./x", "./y"]);
  });

  it("there is none under api/", () => {
    const cycles = importCycles(importGraph(sourceFiles(join(root, "api"))));
    expect(cycles.map((cycle) => cycle.map((file) => relative(root, file)))).toEqual([]);
  });

  it("there is none in the storefront and the server, whose lazy parts load after the page", () => {
    const files = ["app", "server", "api"].flatMap((dir) => sourceFiles(join(root, dir)));
    const cycles = importCycles(importGraph(files.filter((file) => !file.includes("/+types/"))));
    expect(cycles.map((cycle) => cycle.map((file) => relative(root, file)))).toEqual([]);
  });
});
