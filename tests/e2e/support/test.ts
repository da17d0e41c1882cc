// Every spec imports Playwright's test from here, so that a fixture all specs need has one home.
export * from "@playwright/test";
