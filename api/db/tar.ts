import fs from "node:fs";
import path from "node:path";
import type { Readable, Writable } from "node:stream";

// The least of the tar format (POSIX ustar) that backups need: folders and regular files, written
// and read as streams (api/db/backup.ts). A backup is a .tar.gz that `tar tzf` lists too.

const BLOCK = 512;

function header(name: string, size: number, mode: number, type: "0" | "5"): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`A name too long for the backup's format: ${name}`);
  const block = Buffer.alloc(BLOCK);
  const field = (text: string, offset: number, length: number) => block.write(text, offset, length, "utf8");
  const octal = (value: number, offset: number, length: number) =>
    field(value.toString(8).padStart(length - 1, "0"), offset, length - 1);
  field(name, 0, 100);
  octal(mode & 0o7777, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(Math.floor(Date.now() / 1000), 136, 12);
  field("        ", 148, 8);
  field(type, 156, 1);
  field("ustar\u000000", 257, 8);
  let sum = 0;
  for (const byte of block) sum += byte;
  field(`${sum.toString(8).padStart(6, "0")}\u0000 `, 148, 8);
  return block;
}

/** Writes tar entries into `out` (waiting for it to drain); `end()` writes the closing blocks. */
export function tarWriter(out: Writable) {
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
  return {
    async folder(name: string) {
      await write(header(`${name.replace(/\/$/, "")}/`, 0, 0o700, "5"));
    },
    async file(name: string, content: Buffer) {
      await write(header(name, content.length, 0o600, "0"));
      await write(content);
      const pad = (BLOCK - (content.length % BLOCK)) % BLOCK;
      if (pad) await write(Buffer.alloc(pad));
    },
    async end() {
      await write(Buffer.alloc(BLOCK * 2));
    },
  };
}

/**
 * Reads a tar stream into `target`: folders 0700 and files 0600, each made owned by `owner` (the
 * server's user, as root). Names that would leave `target` are refused. Answers the names read.
 */
export async function extractTar(
  input: Readable,
  target: string,
  owner?: { uid: number; gid: number },
): Promise<string[]> {
  const names: string[] = [];
  let pending: Buffer = Buffer.alloc(0);
  let file: { fd: number; left: number; pad: number } | undefined;
  const own = (where: string) => owner && fs.chownSync(where, owner.uid, owner.gid);
  const place = (name: string) => {
    const where = path.resolve(target, name);
    if (where !== target && !where.startsWith(`${target}${path.sep}`))
      throw new Error(`A name outside the backup: ${name}`);
    return where;
  };
  let ended = false;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (file) {
        const take = Math.min(file.left, pending.length);
        if (take > 0) fs.writeSync(file.fd, pending, 0, take);
        file.left -= take;
        pending = pending.subarray(take);
        if (file.left > 0) break;
        if (pending.length < file.pad) break;
        pending = pending.subarray(file.pad);
        fs.closeSync(file.fd);
        file = undefined;
      }
      if (ended || pending.length < BLOCK) break;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const name = block.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
      const size = Number.parseInt(block.subarray(124, 136).toString("utf8").replace(/\0.*$/s, "").trim() || "0", 8);
      const type = String.fromCharCode(block[156]);
      const where = place(name);
      names.push(name);
      if (type === "5") {
        fs.mkdirSync(where, { recursive: true, mode: 0o700 });
        own(where);
      } else if (type === "0" || type === "\0") {
        fs.mkdirSync(path.dirname(where), { recursive: true, mode: 0o700 });
        const fd = fs.openSync(where, "w", 0o600);
        if (owner) fs.fchownSync(fd, owner.uid, owner.gid);
        file = { fd, left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK };
      } else {
        throw new Error(`An entry of a kind a backup never holds (${type}): ${name}`);
      }
    }
  }
  if (file) {
    fs.closeSync(file.fd);
    throw new Error("The backup ends in the middle of a file: it is incomplete.");
  }
  if (!ended) throw new Error("The backup has no end: it is incomplete.");
  return names;
}
