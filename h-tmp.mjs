import { chromium } from "playwright-core";
const B = "http://127.0.0.1:3850";
const browser = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium-headless-shell", args: ["--no-sandbox"] });
const list = await (await fetch(`${B}/userapp/product/list?limit=50`)).json().catch(() => null);
const page = await browser.newPage();
page.on("console", (m) => { if (m.type() === "error") console.log("CONSOLE", m.text().slice(0, 200)); });
for (const url of process.argv.slice(2)) {
  console.log("==", url);
  await page.goto(B + url); await page.waitForTimeout(2000);
}
await browser.close();
