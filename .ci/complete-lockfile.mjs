// The npm registry reachable here serves only some platform builds of packages such as
// rollup and @tailwindcss/oxide, so `npm install` writes a lock file without the others and
// `npm ci` then refuses it as out of sync. This adds the missing optional platform packages
// as lock entries marked optional with their os/cpu, which npm skips on this platform
// without fetching them. Run after `npm install`: `node .ci/complete-lockfile.mjs`.
import fs from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, "utf8"));
const packages = lock.packages;

const osNames = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "openharmony",
  "sunos",
  "win32",
  "aix",
  "netbsd",
  "wasi",
];
const cpuNames = {
  arm64: "arm64",
  arm: "arm",
  x64: "x64",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  wasm32: "wasm32",
  mips64el: "mips64el",
};

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((part) => osNames.includes(part));
  const cpu = parts.find((part) => part in cpuNames);
  const libc = parts.some((part) => part.startsWith("musl"))
    ? "musl"
    : parts.some((part) => part.startsWith("gnu"))
      ? "glibc"
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path === "" ? "" : `${path}/`;
    const candidates = [`${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((candidate) => packages[candidate])) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform build: leave it for npm to resolve
    packages[`node_modules/${dep}`] = {
      version,
      optional: true,
      ...(entry.dev ? { dev: true } : {}),
      ...(os === "wasi" ? { cpu: ["wasm32"] } : {}),
      ...(os && os !== "wasi" ? { os: [os] } : {}),
      ...(cpu && os !== "wasi" ? { cpu: [cpuNames[cpu]] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries.`);
