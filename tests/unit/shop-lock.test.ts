/**
 * One shop per DATA_DIR (api/db/shop-lock.ts): the lock a running shop holds refuses another,
 * and one whose process is gone (a kill -9, a reboot that reused its pid) is taken over with a
 * line. With real processes: tests/unit/embedded-care.test.ts and lifecycle.test.ts.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir, shopHolding } from "../../api/db/shop-lock";
import { tempDir } from "../processes";

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", ""]).pid!;
}

describe("DATA_DIR's lock", () => {
  it("refuses a second shop while the first holds it, naming it, and frees the folder on release", () => {
    const dir = tempDir();
    const release = lockDataDir(dir, () => {});
    expect(shopHolding(dir)).toBe(process.pid);
    expect(() => lockDataDir(dir, () => {})).toThrow(
      `${dir} is the DATA_DIR of the shop running as pid ${process.pid}: stop that shop first, or set DATA_DIR to another folder.`,
    );
    release();
    expect(fs.existsSync(path.join(dir, "shop.lock"))).toBe(false);
    expect(shopHolding(dir)).toBeUndefined();
    lockDataDir(dir, () => {})();
  });

  it("takes over the lock of a shop that is gone, saying so", () => {
    const dir = tempDir();
    const gone = deadPid();
    fs.writeFileSync(path.join(dir, "shop.lock"), JSON.stringify({ pid: gone }));
    expect(shopHolding(dir)).toBeUndefined();
    const lines: string[] = [];
    const release = lockDataDir(dir, (line) => lines.push(line));
    expect(lines).toEqual([
      `${path.join(dir, "shop.lock")} was left by the shop that ran as pid ${gone}, which is gone (killed?): taking it over.`,
    ]);
    expect(shopHolding(dir)).toBe(process.pid);
    release();
  });

  it("takes over a lock whose pid now belongs to another process (started later: after a reboot)", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "shop.lock"), JSON.stringify({ pid: process.pid, started: "1" }));
    const lines: string[] = [];
    lockDataDir(dir, (line) => lines.push(line))();
    expect(lines[0]).toMatch(/which is gone \(killed\?\): taking it over\.$/);
  });

  it("takes over a lock it cannot read (a crash while it was written)", () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, "shop.lock"), "{");
    const lines: string[] = [];
    lockDataDir(dir, (line) => lines.push(line))();
    expect(lines).toEqual([
      `${path.join(dir, "shop.lock")} is unreadable (a crash while it was written?): taking it over.`,
    ]);
  });

  it("a release leaves alone a lock another shop has taken since", () => {
    const dir = tempDir();
    const release = lockDataDir(dir, () => {});
    const other = { pid: deadPid() };
    fs.writeFileSync(path.join(dir, "shop.lock"), JSON.stringify(other));
    release();
    expect(JSON.parse(fs.readFileSync(path.join(dir, "shop.lock"), "utf8"))).toEqual(other);
  });
});
