import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// Playwright drives Debian's Chromium (a browser download is impossible here), its headless shell
// (`apt-get install chromium-headless-shell`): the same engine without the browser's own windows
// and pages, a quarter to a third faster here (decision 031). Without it, the whole browser.
// Every spec runs with JavaScript on and off at desktop width, and the phone specs again at 360 px.
const port = Number(process.env.E2E_PORT ?? 3100);
// The shop's DATA_DIR (its embedded PostgreSQL among it) in the system's temporary folder, which
// the database server's user can reach wherever the clone lives.
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `storefront-e2e-${port}`);
// The mail server the shop sends to (support/mailbox.ts): SMTP on the next port, its messages on the one after.
const smtpPort = port + 1;
const mailboxPort = port + 2;
// The binary itself: /usr/bin/chromium-headless-shell is a shell script that runs it as a child.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
// Specs that read every page type once, whatever the browser's settings: the Nu HTML Checker (the
// server's HTML) and axe (which sets each width itself).
const htmlOnce = ["**/html-validity.spec.ts", "**/axe.spec.ts"];
// At 360 px only the specs whose pages lay out or behave differently on a phone (menus, drawers,
// the filter sheet, cards, the gallery, the cart, the compare table, search, checkout); the rest
// (accounts, back office, orders, invoices, PIN codes, headers) is the same HTML at any width, so
// it runs at desktop width, with JavaScript on and off (decision 019).
const phoneSpecs = [
  "layout",
  "home",
  "shop",
  "product-card",
  "product",
  "cart",
  "compare",
  "search",
  "checkout",
  "courier-address",
  "phone-layout",
].map((name) => `**/${name}.spec.ts`);
const catalogueLast = "**/admin-catalogue.spec.ts";
const mainProjects = ["desktop-js", "desktop-nojs", "mobile-js", "mobile-nojs"];
const desktop = { ...devices["Desktop Chrome"], launchOptions };
const phone = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
  launchOptions,
};

export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per port, so runs on different ports never delete each other's results.
  outputDir: `test-results/${port}`,
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  // A flaky test fails: no retries.
  retries: 0,
  // A server that stays down fails the run in minutes, not test by test (failed attempts count).
  maxFailures: process.env.CI ? 10 : 0,
  globalTimeout: 40 * 60_000,
  workers: 2,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  // A failed test keeps its trace: actions, call logs, console and network. No screenshots or DOM
  // snapshots: taking them after every action cost a third of each test's time (decision 030).
  // E2E_FULL_TRACE=1 records everything for every test, to see the pages of a failure.
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: process.env.E2E_FULL_TRACE ? "on" : { mode: "retain-on-failure", screenshots: false, snapshots: false },
  },
  projects: [
    { name: "desktop-js", use: { ...desktop, javaScriptEnabled: true }, testIgnore: catalogueLast },
    // The server's HTML is the same for every browser setting: it is validated (and axe'd) once.
    { name: "desktop-nojs", use: { ...desktop, javaScriptEnabled: false }, testIgnore: [...htmlOnce, catalogueLast] },
    { name: "mobile-js", use: { ...phone, javaScriptEnabled: true }, testMatch: phoneSpecs },
    { name: "mobile-nojs", use: { ...phone, javaScriptEnabled: false }, testMatch: phoneSpecs },
    // The catalogue specs add products to the one shared shop, which would change the counts and the
    // newest products that other specs read: they run after every other spec, JavaScript on and off.
    {
      name: "catalogue-js",
      use: { ...desktop, javaScriptEnabled: true },
      testMatch: catalogueLast,
      dependencies: mainProjects,
    },
    {
      name: "catalogue-nojs",
      use: { ...desktop, javaScriptEnabled: false },
      testMatch: catalogueLast,
      dependencies: mainProjects,
    },
  ],
  webServer: [
    {
      command: "exec node --import tsx tests/e2e/support/mailbox.ts",
      url: `http://127.0.0.1:${mailboxPort}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: { MAILBOX_SMTP_PORT: String(smtpPort), MAILBOX_HTTP_PORT: String(mailboxPort) },
    },
    {
      // A fresh embedded database each run, emptied, created, migrated and given the back office's
      // admin account first (support/create-admin.ts), then seeded and served by what `npm start` runs.
      command: `node --import tsx tests/e2e/support/create-admin.ts && exec node --import tsx server/main.ts`,
      // SIGTERM, as a supervisor stops the shop: it drains and stops its database server too.
      gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
      url: `http://127.0.0.1:${port}/`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        // E2E_BUILD_DIR gives a run on another port its own build, so parallel runs never swap assets.
        BUILD_DIR: process.env.E2E_BUILD_DIR ?? "build",
        DATABASE_URL: "",
        SESSION_SECRET: "e2e-secret-not-for-production",
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        // Every spec registers its shoppers from this one address; the limit has its own API tests.
        REGISTER_LIMIT_PER_HOUR: "100000",
        PASSWORD_RESET_LIMIT_PER_HOUR: "100000",
        // Access lines for hundreds of requests would bury the test report; errors still show.
        LOG_LEVEL: "warn",
        // Every message goes to the run's own mail server, where the specs read it (support/mail.ts).
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      },
    },
  ],
});
