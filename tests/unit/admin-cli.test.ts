/**
 * `npm run admin -- promote|demote <email>` (api/admin-cli.ts), spawned for real against a
 * database in a temporary DATA_DIR. Each process runs in its own process group and is killed
 * (SIGKILL to the group) when its test ends, whatever happened; every wait is bounded.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createUserapp } from "../../api/app";
import { openShopDatabase } from "../../api/db/connect";
import { users } from "../../api/db/schema";
import { copyClusterTemplate } from "../cluster-template";

const root = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-admin-cli-"));
// Open to the database server's user (as root, "postgres").
fs.chmodSync(dir, 0o755);
// The run's initialised cluster (tests/cluster-template.ts): no initdb here.
copyClusterTemplate(dir);
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
  running.clear();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the command to its end (at most 60 s): its exit code and what it printed, line by line. */
function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string[]; stderr: string[] }> {
  const env: NodeJS.ProcessEnv = {};
  // Without what the test runner or this shell set (a DATABASE_URL would point it elsewhere).
  for (const [name, value] of Object.entries(process.env))
    if (!/^(VITEST|NODE_ENV|DATABASE_URL|DATA_DIR)/.test(name)) env[name] = value;
  const child = spawn(command, args, {
    cwd: root,
    env: { ...env, DATA_DIR: dir },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => (stdout += chunk));
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const lines = (text: string) => text.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("npm warn"));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Still running after 60 s:\n${stdout}${stderr}`)), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: lines(stdout), stderr: lines(stderr) });
    });
  });
}

/** Straight to node, as the npm script does, without npm's own start-up. */
const admin = (...args: string[]) => run(process.execPath, ["--import", "tsx", "api/admin-cli.ts", ...args]);

async function userType(email: string): Promise<string | null> {
  const handle = await openShopDatabase({ DATA_DIR: dir });
  try {
    const [row] = await handle.db.select({ userType: users.userType }).from(users).where(eq(users.email, email));
    return row.userType;
  } finally {
    await handle.close();
  }
}

describe("npm run admin", () => {
  it("prints its usage and exits 1 without a command it knows", async () => {
    for (const args of [["promote"], ["elevate", "a@b.test"]]) {
      const answer = await admin(...args);
      expect(answer.code, args.join(" ")).toBe(1);
      expect(answer.stderr[0]).toBe(
        "Usage: npm run admin -- promote <email>   make the account with this email an admin",
      );
    }
  }, 60_000);

  it("promotes and demotes an account, one line per outcome; an unknown email exits 1", async () => {
    const handle = await openShopDatabase({ DATA_DIR: dir });
    try {
      const api = createUserapp({ db: handle.db });
      const registered = await api.request("/userapp/auth/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "Ops@Mart.test", password: "s3cret-passphrase" }),
      });
      expect(registered.status).toBe(201);
    } finally {
      await handle.close();
    }

    expect(await admin("promote", "nobody@mart.test")).toEqual({
      code: 1,
      stdout: [],
      stderr: ["admin: there is no account with the email nobody@mart.test."],
    });
    // The email matches in any case, as signing in does.
    const promoted = await run("npm", ["run", "admin", "--", "promote", "ops@mart.test"]);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout.at(-1)).toBe("ops@mart.test is now an admin.");
    expect(promoted.stderr).toEqual([]);
    expect(await userType("Ops@Mart.test")).toBe("admin");
    expect(await admin("promote", "ops@mart.test")).toEqual({
      code: 0,
      stdout: ["ops@mart.test is already an admin."],
      stderr: [],
    });

    expect(await admin("demote", "ops@mart.test")).toEqual({
      code: 0,
      stdout: ["ops@mart.test is no longer an admin."],
      stderr: [],
    });
    expect(await userType("Ops@Mart.test")).toBe(null);
    expect(await admin("demote", "ops@mart.test")).toEqual({
      code: 0,
      stdout: ["ops@mart.test is not an admin."],
      stderr: [],
    });
  }, 240_000);

  it("works while another process (the shop) holds the embedded server, and leaves it running", async () => {
    // This process owns the server, as a running shop does; the command is one more client of it.
    const shop = await openShopDatabase({ DATA_DIR: dir }, { shop: true });
    try {
      expect(await admin("promote", "ops@mart.test")).toEqual({
        code: 0,
        stdout: ["ops@mart.test is now an admin."],
        stderr: [],
      });
      const [row] = await shop.db
        .select({ userType: users.userType })
        .from(users)
        .where(eq(users.email, "Ops@Mart.test"));
      expect(row.userType).toBe("admin");
    } finally {
      await shop.close();
    }
  }, 60_000);
});
