import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Writes each test file's outcome as it ends, one JSON line in STOREFRONT_WEDGE_DIR/modules.jsonl,
 * so that tests/vitest-run.ts knows what finished when a wedge stopped the run (Vitest prints no
 * summary then).
 */
export default class ModuleLogReporter implements Reporter {
  onTestModuleEnd(testModule: TestModule) {
    const dir = process.env.STOREFRONT_WEDGE_DIR;
    if (!dir) return;
    const line = JSON.stringify({ file: testModule.moduleId, state: testModule.state() });
    fs.appendFileSync(path.join(dir, "modules.jsonl"), `${line}\n`);
  }
}
