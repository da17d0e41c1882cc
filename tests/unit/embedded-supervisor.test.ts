/**
 * The supervisor of the embedded server (api/db/embedded-supervisor.ts) with a stand-in server:
 * a restart after each death, pauses doubling, a bounded number within the window, then "failed",
 * which /healthz reports (api/platform/health.ts). The real server: tests/unit/embedded-care.test.ts.
 */
import { describe, expect, it } from "vitest";
import { type DatabaseStatus, superviseServer } from "../../api/db/embedded-supervisor";
import { createHealth } from "../../api/platform/health";

/** A server that dies when told, and whose restarts succeed unless `failing`. */
function standIn() {
  const server = { pid: 100, alive: true, failing: false, restarts: 0 };
  const lines: string[] = [];
  const statuses: DatabaseStatus[] = [];
  const supervisor = superviseServer({
    pid: server.pid,
    isRunning: (pid) => server.alive && pid === server.pid,
    restart: async () => {
      server.restarts++;
      if (server.failing) throw new Error("No space left on device");
      server.pid++;
      server.alive = true;
      return server.pid;
    },
    log: (line) => lines.push(line),
    error: (line) => lines.push(line),
    maxRestarts: 3,
    windowMs: 60_000,
    firstDelayMs: 5,
    pollMs: 5,
  });
  supervisor.onStatus((status) => statuses.push(status));
  return { server, lines, statuses, supervisor };
}

async function until(what: string, check: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("the embedded server's supervisor", () => {
  it("restarts a server that died, saying so, and is up again with its new pid", async () => {
    const { server, lines, statuses, supervisor } = standIn();
    server.alive = false;
    await until("the restart", () => supervisor.status === "up" && server.restarts === 1 && statuses.length === 2);
    expect(statuses).toEqual(["restarting", "up"]);
    expect(supervisor.pid).toBe(101);
    expect(lines).toEqual([
      'The database server (pid 100) has stopped: the shop answers "back in a moment" until it is restarted.',
      "Restarting the database server in 0.005 s (restart 1 of at most 3 within 1 minute).",
      "The database server is back (pid 101).",
    ]);
    await supervisor.stop();
  });

  it("pauses twice as long before each next restart in the window, and gives up after the last: failed", async () => {
    const { server, lines, statuses, supervisor } = standIn();
    for (let death = 1; death <= 3; death++) {
      server.alive = false;
      await until(`restart ${death}`, () => server.restarts === death && supervisor.status === "up");
    }
    server.alive = false;
    await until("giving up", () => supervisor.status === "failed");
    expect(server.restarts).toBe(3);
    expect(lines.filter((line) => line.startsWith("Restarting"))).toEqual([
      "Restarting the database server in 0.005 s (restart 1 of at most 3 within 1 minute).",
      "Restarting the database server in 0.01 s (restart 2 of at most 3 within 1 minute).",
      "Restarting the database server in 0.02 s (restart 3 of at most 3 within 1 minute).",
    ]);
    expect(lines.at(-1)).toBe(
      "The database server stopped again after 3 restarts within 1 minute: no more restarts. /healthz now answers 503, for a supervisor to restart the shop (see the lines above and the server's log).",
    );
    expect(statuses.at(-1)).toBe("failed");
    await supervisor.stop();
  });

  it("counts a restart that fails, retries with the next pause, and gives up when none succeeds", async () => {
    const { server, lines, supervisor } = standIn();
    server.failing = true;
    server.alive = false;
    await until("giving up", () => supervisor.status === "failed");
    expect(server.restarts).toBe(3);
    expect(lines.filter((line) => line.startsWith("Restarting the database server failed"))).toEqual(
      Array(3).fill("Restarting the database server failed: No space left on device"),
    );
    await supervisor.stop();
  });

  it("stops watching when stopped: a server that dies afterwards is left alone", async () => {
    const { server, supervisor } = standIn();
    await supervisor.stop();
    server.alive = false;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.restarts).toBe(0);
    expect(supervisor.status).toBe("up");
  });
});

describe("/healthz and /readyz with a supervised server", () => {
  const ask = async (health: ReturnType<typeof createHealth>, path: string) => {
    const response = await health.handle(new Request(`http://shop.test${path}`))!;
    return [response.status, await response.json()];
  };

  it("restarting: /readyz 503 without asking the database, /healthz still 200", async () => {
    let pinged = 0;
    const health = createHealth({ ping: async () => void pinged++, status: () => "restarting" });
    expect(await ask(health, "/readyz")).toEqual([503, { status: "unavailable" }]);
    expect(await ask(health, "/healthz")).toEqual([200, { status: "ok" }]);
    expect(pinged).toBe(0);
    expect(await health.databaseDown()).toBe(true);
  });

  it("failed (the restarts spent): /healthz 503, so that a supervisor acts", async () => {
    const health = createHealth({ ping: async () => {}, status: () => "failed" });
    expect(await ask(health, "/healthz")).toEqual([503, { status: "failed" }]);
    expect(await ask(health, "/readyz")).toEqual([503, { status: "unavailable" }]);
  });

  it("up, or nothing supervised (DATABASE_URL): /healthz 200 whatever the database does", async () => {
    const health = createHealth({
      ping: async () => {
        throw new Error("connection refused");
      },
    });
    expect(await ask(health, "/healthz")).toEqual([200, { status: "ok" }]);
    expect((await ask(health, "/readyz"))[0]).toBe(503);
    expect(await health.databaseDown()).toBe(true);
  });
});
