/**
 * Spawning the real commands (`npm start`, `npm run start:api`, tsx scripts) in tests, as an
 * operator runs them. Every process runs in its own process group and is killed (SIGKILL to the
 * group) when its test ends, whatever happened; every wait is bounded. Importing this module
 * registers that clean-up (afterEach) and the removal of temporary directories (afterAll) in the
 * importing test file.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect } from "vitest";
import { copyClusterTemplate } from "./cluster-template";

export const root = path.resolve(import.meta.dirname, "..");
export const tsx = path.join(root, "node_modules/.bin/tsx");

const dirs: string[] = [];
const running = new Set<Started>();
const runningForFile = new Set<Started>();
afterEach(() => {
  for (const started of running) started.kill();
  running.clear();
});
afterAll(() => {
  for (const started of runningForFile) started.kill();
  runningForFile.clear();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A new folder of the system's temporary one, open to the database server's user (as root, "postgres"). */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-operations-"));
  fs.chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/**
 * A new DATA_DIR (as `tempDir`) that already holds an initialised, stopped cluster: a copy of the
 * run's (tests/cluster-template.ts), so that what starts on it skips initdb. For every test but
 * those about the cluster's creation; an empty folder when the run has no template.
 */
export function dataDirWithCluster(): string {
  const dir = tempDir();
  copyClusterTemplate(dir);
  return dir;
}

export function canListen(port: number, host = "0.0.0.0"): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** `count` distinct ports of `ports` (the test file's own range) that nothing listens on now. */
export async function freePortsIn(ports: number[], count: number): Promise<number[]> {
  const found: number[] = [];
  for (const port of ports) {
    if (found.length === count) break;
    if (await canListen(port)) found.push(port);
  }
  if (found.length < count) throw new Error(`Fewer than ${count} free ports in ${ports[0]}–${ports.at(-1)}`);
  return found;
}

/** An environment without what the test runner or this shell set (Vitest's NODE_ENV=test, a DATABASE_URL). */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (
      /^(VITEST|NODE_ENV|DATABASE_URL|USERAPP_API_URL|SESSION_SECRET|PORT|HOST|DATA_DIR|PUBLIC_ORIGIN|TRUST_PROXY|WEB_CONCURRENCY|DATABASE_POOL_SIZE)/.test(
        name,
      )
    )
      continue;
    env[name] = value;
  }
  return { ...env, ...extra };
}

export type Started = {
  child: ChildProcess;
  pid: number;
  exited: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  output: () => string;
  waitFor: (text: string | RegExp, ms?: number) => Promise<void>;
  kill: () => void;
};

/** Starts a process, killed when its test ends (or, with `forFile`, when the test file's tests have all run). */
export function start(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { forFile?: boolean } = {},
): Started {
  // detached: a process group of its own, so that the clean-up reaches every descendant.
  const child = spawn(command, args, {
    cwd: root,
    env: cleanEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let stdout = "";
  let stderr = "";
  let both = "";
  child.stdout!.on("data", (chunk) => ((stdout += chunk), (both += chunk)));
  child.stderr!.on("data", (chunk) => ((stderr += chunk), (both += chunk)));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  const started: Started = {
    child,
    pid: child.pid!,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    output: () => both,
    async waitFor(text, ms = 120_000) {
      const deadline = Date.now() + ms;
      const seen = () => (typeof text === "string" ? both.includes(text) : text.test(both));
      while (!seen()) {
        if (done) throw new Error(`Exited before printing ${text}; output:\n${both}`);
        if (Date.now() > deadline) throw new Error(`Timed out waiting for ${text}; output:\n${both}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    kill() {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // Already gone.
      }
    },
  };
  (options.forFile ? runningForFile : running).add(started);
  return started;
}

/** Resolves with the exit code, or fails after `ms`. */
export async function exitWithin(started: Started, ms: number): Promise<number | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Still running ${ms} ms after the signal; output:\n${started.output()}`)),
      ms,
    );
  });
  try {
    return await Promise.race([started.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every process below `pid`, from the process table. */
export function descendants(pid: number): { pid: number; ppid: number; command: string }[] {
  const rows: { pid: number; ppid: number; command: string }[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (name) state ppid …": the name may hold spaces and parentheses, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const command = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ").trim();
      rows.push({ pid: Number(entry), ppid, command });
    } catch {
      // Gone while the table was read.
    }
  }
  const found: { pid: number; ppid: number; command: string }[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const row of rows) {
      if (row.ppid === parent) {
        found.push(row);
        queue.push(row.pid);
      }
    }
  }
  return found;
}

/** A process that exited but was not reaped yet (a zombie) counts as gone. */
export function isAlive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

export async function expectAllGone(pids: number[], ms = 5000) {
  const deadline = Date.now() + ms;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(pids.filter(isAlive)).toEqual([]);
}

export const stderrLines = (started: Started) =>
  started
    .stderr()
    .split("\n")
    .filter((line) => line.trim() !== "" && !line.startsWith("npm warn"));

/** Polls `check` until it answers true, failing after `ms` with `what` (a deadline, not a timing assertion). */
export async function eventually(what: string, check: () => Promise<boolean>, ms = 10_000): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`Not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now() - started;
}

/**
 * A login whose body is sent in two halves, so that it is in flight until `finish` sends the rest
 * together with a pipelined GET /readyz on the same connection (the only way to ask a server that
 * stopped accepting connections). `answers` is everything the server sent, once it closed the socket.
 */
export function loginInFlight(port: number) {
  const body = '{"username":"nobody@example.test","password":"not-the-password"}';
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk) => (received += chunk));
  const answers = new Promise<string>((resolve, reject) => {
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
  socket.write(
    `POST /userapp/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\n\r\n${body.slice(0, 20)}`,
  );
  return {
    answers,
    finish: () => socket.write(`${body.slice(20)}GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
  };
}
