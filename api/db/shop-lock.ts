import fs from "node:fs";
import path from "node:path";
import { EmbeddedPostgresError } from "./embedded-error";

// One shop per DATA_DIR (docs/decisions/036-supervised-embedded-postgresql.md): the shop holds
// DATA_DIR/shop.lock while it runs, and a second shop on the same folder is refused before it
// touches the database server. The CLIs take no lock: they use the running server as before.
// A lock whose process is gone (a kill -9, a reboot) is stale, and the next shop takes it over.

export const LOCK_FILE = "shop.lock";

type LockHolder = { pid: number; started?: string };

/** The kernel's start time of that pid (field 22 of /proc/<pid>/stat), so that a reused pid is not taken for the holder. */
function startTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

/** Whether process `pid` is running (EPERM: it is, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const holder = JSON.parse(fs.readFileSync(file, "utf8")) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the process that wrote the lock still runs (the same process, not a later one with its pid). */
function holderLives(holder: LockHolder): boolean {
  if (!isAlive(holder.pid)) return false;
  const now = startTime(holder.pid);
  return holder.started === undefined || now === undefined || now === holder.started;
}

/** The pid of the shop that holds DATA_DIR's lock now, if a live one does. */
export function shopHolding(dataDir: string): number | undefined {
  const holder = readHolder(path.join(path.resolve(dataDir), LOCK_FILE));
  return holder && holderLives(holder) ? holder.pid : undefined;
}

export function inUseMessage(dataDir: string, pid: number): string {
  return `${path.resolve(dataDir)} is the DATA_DIR of the shop running as pid ${pid}: stop that shop first, or set DATA_DIR to another folder.`;
}

/**
 * Takes DATA_DIR's lock for this process, or throws the one line naming the shop that holds it.
 * A stale lock is taken over, with a line saying so. Answers the release (safe to call twice;
 * it removes the lock only while it is still this process's).
 */
export function lockDataDir(dataDir: string, log: (line: string) => void): () => void {
  const root = path.resolve(dataDir);
  const file = path.join(root, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, started: startTime(process.pid) };
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: "wx", mode: 0o644 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw error;
    }
    const holder = readHolder(file);
    if (holder && holderLives(holder)) throw new EmbeddedPostgresError(inUseMessage(root, holder.pid));
    log(
      holder
        ? `${file} was left by the shop that ran as pid ${holder.pid}, which is gone (killed?): taking it over.`
        : `${file} is unreadable (a crash while it was written?): taking it over.`,
    );
    fs.rmSync(file, { force: true });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (readHolder(file)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
}
