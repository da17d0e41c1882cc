import pino from "pino";
import { describe, expect, it } from "vitest";
import { defaultDeps } from "../../api/lib/context";
import { startBackgroundServices } from "../../api/platform/background";
import { eventually } from "../processes";
import { createTestApi } from "./helpers";

// The queue's workers start after the shop listens; the database may go away meanwhile (the
// embedded server killed and restarted by its supervisor). The start waits and tries again instead
// of ending a process that serves pages (decision 054): seen as a worker exiting with EPIPE when
// the embedded server was killed during its start (tests/unit/embedded-care.test.ts).

const { db } = await createTestApi();

describe("starting the queue's workers", () => {
  it("meets a database that cannot be reached: says so, keeps trying, and stops when the shop closes", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void lines.push(line) });
    // Nothing listens on port 9 (discard): every connection of the queue is refused at once.
    const background = await startBackgroundServices({
      handle: {
        db,
        kind: "postgres",
        url: "postgres://postgres@127.0.0.1:9/none?connect_timeout=1",
        close: async () => {},
      },
      env: { DATABASE_URL: undefined, SMTP_URL: undefined, WEBHOOKS_ALLOW_PRIVATE: false },
      logger,
    });
    let settled = false;
    const starting = background.startJobs(defaultDeps(db).shop).finally(() => (settled = true));
    await eventually(
      "two failed starts",
      async () => lines.filter((line) => line.includes("The queue's workers could not start")).length >= 2,
    );
    expect(settled).toBe(false);
    await background.close();
    await starting;
    expect(settled).toBe(true);
  }, 30_000);
});
