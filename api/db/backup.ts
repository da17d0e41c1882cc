import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import pg from "pg";
import { EmbeddedPostgresError } from "./embedded-error";
import { emptyClusterFolder, startEmbeddedPostgres, stopEmbeddedPostgres } from "./embedded";
import { lockDataDir, shopHolding, inUseMessage } from "./shop-lock";
import { extractTar, tarWriter } from "./tar";

// Backups of the embedded database while the shop runs (docs/operations.md, "Backups";
// docs/decisions/037-embedded-backups.md). Debian's pg_dump is older than our server and refuses
// it, and the embedded package ships none: a backup is PostgreSQL's own online physical backup,
// as pg_basebackup takes it. A temporary replication slot keeps the WAL from the start on;
// pg_backup_start, a copy of the data files, pg_backup_stop, then the WAL from the start to the
// stop. Restored, the server replays that WAL from the backup's checkpoint: a consistent copy of
// the moment the backup ended, every transaction committed by then included.
//
// The file is a .tar.gz, readable by its owner only (it holds the database's password):
//   postgres/...        the cluster, with the backup_label pg_backup_stop wrote
//   postgres.secret     the password of the cluster's role

/** Folders whose contents a backup leaves out (as pg_basebackup does): rebuilt or unneeded. */
const EMPTIED = new Set([
  "pg_wal",
  "pg_dynshmem",
  "pg_notify",
  "pg_serial",
  "pg_snapshots",
  "pg_stat_tmp",
  "pg_subtrans",
  "pg_replslot",
]);
/** Files a backup leaves out: the running server's own, and any earlier backup's label. */
const SKIPPED = new Set([
  "postmaster.pid",
  "postmaster.opts",
  "backup_label",
  "tablespace_map",
  "current_logfiles",
  "pg_internal.init",
]);

type Writer = ReturnType<typeof tarWriter>;

/** Adds the cluster's folders and files below `dir` (relative `rel`); a file gone meanwhile is skipped. */
async function addTree(tar: Writer, clusterDir: string, rel: string): Promise<number> {
  let files = 0;
  const dir = path.join(clusterDir, rel);
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const name = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      await tar.folder(`postgres/${name}`);
      if (!EMPTIED.has(name)) files += await addTree(tar, clusterDir, name);
    } else if (entry.isFile() && !SKIPPED.has(entry.name) && !/^(pgsql_tmp|\.s\.PGSQL)/.test(entry.name)) {
      let content: Buffer;
      try {
        content = fs.readFileSync(path.join(dir, entry.name));
      } catch (error) {
        // Dropped while copied (a table removed): the WAL replays its removal.
        if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
        throw error;
      }
      await tar.file(`postgres/${name}`, content);
      files++;
    }
  }
  return files;
}

/** Refuses with DATABASE_URL: that server's backups are its own tools'. */
export function refuseExternal(databaseUrl: string | undefined, what: "back up" | "restore") {
  if (databaseUrl) {
    throw new EmbeddedPostgresError(
      `DATABASE_URL is set: the database is that server's, so ${what === "back up" ? "back it up" : "restore it"} with its own tools (pg_dump and pg_restore of its version, or your provider's backups).`,
    );
  }
}

/**
 * Writes a consistent backup of DATA_DIR's embedded database to `file` (0600) while the shop
 * runs (the server is started for the backup, and stopped after, when none runs).
 */
export async function backupEmbedded(dataDir: string, file: string): Promise<{ files: number; bytes: number }> {
  const server = await startEmbeddedPostgres(dataDir);
  const client = new pg.Client({ connectionString: server.url });
  client.on("error", () => {});
  const partial = `${file}.partial-${process.pid}`;
  try {
    await client.connect();
    const slot = `storefront_backup_${process.pid}`;
    // Temporary: gone with this session, whatever happens to this process.
    await client.query("select pg_create_physical_replication_slot($1, true, true)", [slot]);
    const started = await client.query<{ wal: string }>("select pg_walfile_name(pg_backup_start($1, true)) as wal", [
      `storefront backup ${new Date().toISOString()}`,
    ]);
    const out = fs.createWriteStream(partial, { mode: 0o600, flags: "wx" });
    const gzip = createGzip({ level: 6 });
    const written = pipeline(gzip, out);
    const tar = tarWriter(gzip);
    await tar.folder("postgres");
    let files = await addTree(tar, server.clusterDir, "");
    const stopped = await client.query<{ wal: string; labelfile: string; spcmapfile: string }>(
      "select pg_walfile_name(lsn) as wal, labelfile, spcmapfile from pg_backup_stop(false)",
    );
    const { labelfile, spcmapfile } = stopped.rows[0];
    await tar.file("postgres/backup_label", Buffer.from(labelfile));
    if (spcmapfile) await tar.file("postgres/tablespace_map", Buffer.from(spcmapfile));
    // The WAL from the backup's start to its end (the slot kept every segment of it).
    const [first, last] = [started.rows[0].wal, stopped.rows[0].wal];
    const walDir = path.join(server.clusterDir, "pg_wal");
    for (const name of fs.readdirSync(walDir).sort()) {
      if (/^[0-9A-F]{24}$/.test(name) && name.slice(8) >= first.slice(8) && name.slice(8) <= last.slice(8)) {
        await tar.file(`postgres/pg_wal/${name}`, fs.readFileSync(path.join(walDir, name)));
        files++;
      }
    }
    await tar.file("postgres.secret", fs.readFileSync(path.join(path.resolve(dataDir), "postgres.secret")));
    await tar.end();
    gzip.end();
    await written;
    fs.renameSync(partial, file);
    return { files, bytes: fs.statSync(file).size };
  } finally {
    fs.rmSync(partial, { force: true });
    await client.end().catch(() => {});
    await server.stop();
  }
}

/** Whether DATA_DIR holds a shop's database already. */
function holdsDatabase(root: string): boolean {
  return ["postgres", "postgres.secret"].some((name) =>
    Boolean(fs.lstatSync(path.join(root, name), { throwIfNoEntry: false })),
  );
}

/**
 * Makes DATA_DIR's database from a backup: refused while a shop runs there, and over an existing
 * database unless `force`. The server replays the backup's WAL once, and is stopped again.
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  options: { force?: boolean; log?: (line: string) => void; clustersHome?: string } = {},
): Promise<void> {
  const root = path.resolve(dataDir);
  const log = options.log ?? (() => {});
  if (!fs.existsSync(file)) throw new EmbeddedPostgresError(`There is no backup at ${file}.`);
  const running = shopHolding(root);
  if (running !== undefined) throw new EmbeddedPostgresError(inUseMessage(root, running));
  if (holdsDatabase(root) && !options.force) {
    throw new EmbeddedPostgresError(
      `${root} holds a shop's database already: restore into an empty DATA_DIR, or add --force to replace that database with the backup's.`,
    );
  }
  fs.mkdirSync(root, { recursive: true });
  // No shop may start on the folder while it is restored.
  const unlock = lockDataDir(root, log);
  try {
    await stopEmbeddedPostgres(root);
    const { clusterDir, owner } = emptyClusterFolder(root, { clustersHome: options.clustersHome, log });
    // The archive's postgres/ is the cluster's folder itself, wherever it lives (cluster-home.ts).
    const parent = path.dirname(clusterDir);
    const names = await extractTar(fs.createReadStream(file).pipe(createGunzip()), parent, owner);
    if (!names.includes("postgres/backup_label") || !names.includes("postgres.secret")) {
      throw new EmbeddedPostgresError(`${file} is not a backup of this shop's database (npm run db:backup).`);
    }
    const secret = fs.readFileSync(path.join(parent, "postgres.secret"));
    fs.rmSync(path.join(parent, "postgres.secret"));
    fs.writeFileSync(path.join(root, "postgres.secret"), secret, { mode: 0o600 });
    const archiveStatus = path.join(clusterDir, "pg_wal", "archive_status");
    fs.mkdirSync(archiveStatus, { recursive: true, mode: 0o700 });
    if (owner) fs.chownSync(archiveStatus, owner.uid, owner.gid);
    // The first start replays the backup's WAL; then it is an ordinary cluster.
    const server = await startEmbeddedPostgres(root);
    await server.stop();
  } finally {
    unlock();
  }
}
