import { type ChildProcess, spawn } from "node:child_process";

// The e2e shop under a supervisor, as production runs it (README, "Operations"): when the stall
// watchdog ends the shop with SIGKILL (a statement PGlite never returned from, decision 016), it
// starts again on the same data directory. Any other end of the shop ends this process with the
// shop's own code, and a signal to this process is passed on to the shop.
const server = ["--import", "tsx", "server/main.ts"];
let shop: ChildProcess;
let stopping = false;

function start(build: boolean) {
  shop = spawn(process.execPath, build ? server : [...server, "--no-build"], { stdio: "inherit" });
  shop.on("exit", (code, signal) => {
    if (!stopping && signal === "SIGKILL") {
      console.error("The shop was ended by its stall watchdog: starting it again.");
      start(false);
      return;
    }
    process.exit(code ?? 1);
  });
}

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    stopping = true;
    shop.kill(signal);
  });
}
start(true);
