import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { EmbeddedPostgresError } from "./embedded-error";

// Where the cluster lives (docs/decisions/017-embedded-postgresql.md, "At home anywhere"). As
// root the server runs as the system user `postgres`, which cannot enter a folder closed to other
// users, and root's home is one: a clone in /root would stop at once. Its cluster then lives in
// /var/lib/storefront/<hash of DATA_DIR>/postgres (persistent, unlike the temporary folder), and
// DATA_DIR/postgres is a symbolic link to it, so that the lock, backups, restores and a copy of
// DATA_DIR (`cp -L`) all find it from DATA_DIR as before.

/** Where relocated clusters go, one folder per DATA_DIR. */
export const CLUSTERS_HOME = "/var/lib/storefront";

export type ClusterHomeOptions = {
  /** Whether the server's user can enter `dir`. */
  reachable: (dir: string) => boolean;
  /** The server's user (root's case), who must own the cluster's folder; none as a normal user. */
  user?: { name: string; uid: number; gid: number };
  /** Where relocated clusters go (tests pass a folder of their own). */
  clustersHome?: string;
  log: (line: string) => void;
};

/**
 * The cluster's real folder for DATA_DIR (`root`): DATA_DIR/postgres itself, the folder it links
 * to, or, for a new cluster the server's user could not reach there, a new folder under
 * `clustersHome` that DATA_DIR/postgres is made to link to. Says in one line where a relocated
 * cluster lives, at every start.
 */
export function clusterHome(root: string, options: ClusterHomeOptions): string {
  const link = path.join(root, "postgres");
  const stat = fs.lstatSync(link, { throwIfNoEntry: false });
  if (stat?.isSymbolicLink()) {
    const target = path.resolve(root, fs.readlinkSync(link));
    if (!fs.existsSync(target)) {
      throw new EmbeddedPostgresError(
        `${link} links to ${target}, which is missing: restore the database there, or remove the link to start an empty shop.`,
      );
    }
    options.log(`The database cluster of ${root} lives in ${target} (${link} links to it).`);
    return target;
  }
  if (stat || !options.user || options.reachable(root)) return link;
  const home = options.clustersHome ?? CLUSTERS_HOME;
  const folder = path.join(home, createHash("sha256").update(fs.realpathSync(root)).digest("hex").slice(0, 16));
  const target = path.join(folder, "postgres");
  fs.mkdirSync(home, { recursive: true, mode: 0o755 });
  if (!options.reachable(home)) {
    throw new EmbeddedPostgresError(
      `The database server runs as the system user "${options.user.name}", which can reach neither ${root} nor ${home}: set DATA_DIR to a folder it can reach, or run the shop as a normal user.`,
    );
  }
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  fs.chownSync(folder, options.user.uid, options.user.gid);
  // A cluster left there by an earlier DATA_DIR of this path (deleted since, with its password):
  // kept aside, never reused nor removed.
  if (fs.existsSync(target)) {
    const aside = `${target}.orphaned-${new Date().toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(target, aside);
    options.log(`${target} held a cluster no DATA_DIR links to: moved aside to ${aside}.`);
  }
  fs.symlinkSync(target, link);
  options.log(
    `The database server's user "${options.user.name}" cannot reach ${root}, so its cluster lives in ${target} (${link} links to it).`,
  );
  return target;
}
