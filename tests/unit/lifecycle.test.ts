import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseLockedError, lockDataDir, openDatabase } from "../../api/db/client";
import { products } from "../../api/db/schema";

const tsx = path.resolve("node_modules/.bin/tsx");
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-lifecycle-"));
  dirs.push(dir);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the standalone API (`npm run start:api`) and collects what it prints. */
function startApi(dataDir: string, port: number) {
  const child = spawn(tsx, ["api/main.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = async (text: string, ms = 30_000) => {
    const deadline = Date.now() + ms;
    while (!output.includes(text)) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for "${text}"; output:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

describe("the PGlite directory lock", () => {
  it("refuses a directory held by a live process, with a clear message, and takes over a stale lock", async () => {
    const dir = tempDir();
    const holder = spawn("sleep", ["30"]);
    children.push(holder);
    fs.writeFileSync(path.join(dir, "storefront.lock"), String(holder.pid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DatabaseLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another process.*DATA_DIR.*DATABASE_URL/s);
    holder.kill("SIGKILL");
    await new Promise((r) => holder.on("exit", r));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, "storefront.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "storefront.lock"))).toBe(false);
  });
});

describe("the API process", () => {
  it("seeds on first start, makes a second process on the same directory fail, and closes cleanly on SIGTERM", async () => {
    const dir = tempDir();
    const first = startApi(dir, await freePort());
    await first.waitFor("listening");
    expect(first.output()).toMatch(/Seeded 240 products/);

    const second = startApi(dir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/is in use by another process \(pid \d+\)/);
    expect(second.output()).not.toMatch(/at .*\.ts:\d+/); // a message, not a stack trace

    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/Database closed/);
    expect(fs.existsSync(path.join(dir, "storefront.lock"))).toBe(false);

    // The data survived the restart and nothing is seeded twice.
    const handle = await openDatabase({ dataDir: dir });
    try {
      expect(await handle.db.$count(products)).toBe(240);
    } finally {
      await handle.close();
    }
  }, 90_000);
});
