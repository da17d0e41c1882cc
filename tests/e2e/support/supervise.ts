import { type ChildProcess, spawn } from "node:child_process";

// The e2e shop under a supervisor, as production runs it (README, "Operations"): when the stall
// watchdog ends the shop with SIGKILL (a statement PGlite never returned from, decision 016), it
// starts again on the same data directory, up to RESTARTS times in a run (a shop killed again and
// again is a failure to see, not to hide). Any other end of the shop ends this process with the
// shop's own code, and a signal to this process is passed on to the shop.
const server = ["--import", "tsx", "server/main.ts"];
const RESTARTS = 5;
let shop: ChildProcess;
let stopping = false;
let restarts = 0;

function start(build: boolean) {
  shop = spawn(process.execPath, build ? server : [...server, "--no-build"], { stdio: "inherit" });
  shop.on("exit", (code, signal) => {
    if (!stopping && signal === "SIGKILL" && restarts < RESTARTS) {
      restarts++;
      console.error(`The shop was ended by its stall watchdog: starting it again (${restarts} of ${RESTARTS}).`);
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
