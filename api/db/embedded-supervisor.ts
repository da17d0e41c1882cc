// The shop watches the embedded PostgreSQL it owns and starts it again when it dies (a kill -9,
// the OOM killer), a bounded number of times with a growing pause, each logged
// (docs/decisions/036-supervised-embedded-postgresql.md). While it is down the shop answers
// "back in a moment"; once the restarts are spent, /healthz says so, for a supervisor to act.

/** The embedded server as the shop sees it: serving, being restarted, or given up on. */
export type DatabaseStatus = "up" | "restarting" | "failed";

export type SupervisorOptions = {
  /** The running server's pid. */
  pid: number;
  /** Whether that pid is still the server. */
  isRunning: (pid: number) => boolean;
  /** Starts the server again; resolves with its pid once it answers, rejects when it did not start. */
  restart: () => Promise<number>;
  log: (line: string) => void;
  error: (line: string) => void;
  /** Restarts allowed within `windowMs` (default 5 within 10 minutes). */
  maxRestarts?: number;
  windowMs?: number;
  /** The pause before the first restart of a window, doubling for each next one (default 1 s). */
  firstDelayMs?: number;
  /** How often the server's pid is checked (default 500 ms). */
  pollMs?: number;
};

export type Supervisor = {
  readonly status: DatabaseStatus;
  /** The server's pid now (a restart changes it). */
  readonly pid: number;
  /** Called on every change of status. */
  onStatus(listener: (status: DatabaseStatus) => void): void;
  /** Stops watching (after a restart under way); the server is left as it is. */
  stop(): Promise<void>;
};

export function superviseServer(options: SupervisorOptions): Supervisor {
  const { isRunning, restart, log, error, maxRestarts = 5, windowMs = 10 * 60_000 } = options;
  const firstDelayMs = options.firstDelayMs ?? 1000;
  let pid = options.pid;
  let status: DatabaseStatus = "up";
  let stopped = false;
  let recovering: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const restarts: number[] = [];
  const listeners = new Set<(status: DatabaseStatus) => void>();
  const minutes = `${windowMs / 60_000} minute${windowMs === 60_000 ? "" : "s"}`;

  const setStatus = (next: DatabaseStatus) => {
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener(next);
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const recover = async () => {
    setStatus("restarting");
    error(`The database server (pid ${pid}) has stopped: the shop answers "back in a moment" until it is restarted.`);
    while (!stopped) {
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0] > windowMs) restarts.shift();
      if (restarts.length >= maxRestarts) {
        setStatus("failed");
        clearInterval(timer);
        error(
          `The database server stopped again after ${restarts.length} restarts within ${minutes}: no more restarts. /healthz now answers 503, for a supervisor to restart the shop (see the lines above and the server's log).`,
        );
        return;
      }
      restarts.push(now);
      const delay = firstDelayMs * 2 ** (restarts.length - 1);
      log(
        `Restarting the database server in ${delay / 1000} s (restart ${restarts.length} of at most ${maxRestarts} within ${minutes}).`,
      );
      await pause(delay);
      if (stopped) return;
      try {
        pid = await restart();
        if (stopped) return;
        log(`The database server is back (pid ${pid}).`);
        setStatus("up");
        return;
      } catch (failure) {
        error(`Restarting the database server failed: ${(failure as Error).message}`);
      }
    }
  };

  const timer = setInterval(() => {
    if (stopped || recovering || status !== "up" || isRunning(pid)) return;
    recovering = recover().finally(() => (recovering = undefined));
  }, options.pollMs ?? 500);
  // Watching alone must not keep a stopping process alive.
  timer.unref();

  return {
    get status() {
      return status;
    },
    get pid() {
      return pid;
    },
    onStatus(listener) {
      listeners.add(listener);
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      wake?.();
      await recovering;
    },
  };
}
