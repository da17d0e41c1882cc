/**
 * Emailed links go to the shop, never to a guess (issue 35): the real server (`node --import tsx
 * server/main.ts`) without PUBLIC_ORIGIN, on a port the system picks (PORT=0), mails through a real
 * SMTP server links to http://localhost:<the port bound>, from a request whose Host is forged and
 * from a queued job (no request at all). A shop that would mail links to its own address in
 * production does not start, nor does the API alone, which serves no page.
 * PUBLIC_ORIGIN winning and the HOST variants: tests/unit/link-origin.test.ts.
 */
import http from "node:http";
import type { ParsedMail } from "mailparser";
import { expect, it } from "vitest";
import { API_PUBLIC_ORIGIN_REQUIRED, PUBLIC_ORIGIN_REQUIRED } from "../../api/config";
import { exitWithin, start, tempDir, tsx } from "../processes";
import { createTestApi, createUserWithToken, insertProduct, testAddresses } from "./helpers";
import { smtpServer, until } from "./smtp";

const api = await createTestApi();
const smtp = await smtpServer();

/** A POST to the shop on 127.0.0.1 with the Host (and X-Forwarded-Host) an attacker chose. */
function postForged(port: number, path: string, body: unknown, token?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: {
          host: "evil.example",
          "x-forwarded-host": "evil.example",
          "x-forwarded-proto": "https",
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body: text }));
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

const mailTo = (to: string, subject: RegExp) =>
  until(`a message "${subject.source}"`, () =>
    smtp.received.find(
      (mail: ParsedMail) => mail.to && JSON.stringify(mail.to).includes(to) && subject.test(mail.subject ?? ""),
    ),
  );

it("without PUBLIC_ORIGIN, on PORT=0, links go to http://localhost:<the port bound>, from requests whose Host is forged and from jobs", async () => {
  // A catalogue that is not empty: the shop does not seed this database.
  const product = await insertProduct(api.db, { variants: [{ size: "M", quantity: 3, mrp: 900, discount: 0 }] });
  const email = `links.${Date.now()}@example.test`;
  const user = await createUserWithToken(api.db, { email });
  const shop = start(process.execPath, ["--import", "tsx", "server/main.ts", "--no-build"], {
    DATABASE_URL: api.handle.url,
    PORT: "0",
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "1",
    NODE_ENV: "development",
    DATA_DIR: tempDir(),
    SESSION_SECRET: "message-links-test",
    SMTP_URL: smtp.url,
    // 3.6 s: the queue's job cancels the order unconfirmed, and mails its shopper so.
    COD_CONFIRM_HOURS: "0.001",
  });
  await shop.waitFor("The shop is open at");
  const port = Number(/The shop is open at http:\/\/localhost:(\d+) /.exec(shop.stdout())?.[1]);
  expect(port).toBeGreaterThan(0);
  const origin = `http://localhost:${port}`;

  // A request: the password-reset link.
  expect((await postForged(port, "/userapp/auth/forgot-password", { email })).status).toBe(200);
  const reset = await mailTo(email, /reset your password/);
  expect(reset.text).toMatch(new RegExp(`Choose a new password: ${origin}/reset-password\\?token=[\\w-]+\\n`));
  expect(reset.html).toContain(`href="${origin}/reset-password?token=`);

  // A request: the Cash on Delivery order's confirmation links.
  const placed = await postForged(
    port,
    "/userapp/order/create",
    { productId: product, size: "M", quantity: 1, paymentMethod: "cod", address: testAddresses.home },
    user.token,
  );
  expect(placed.status).toBe(201);
  const order = (JSON.parse(placed.body) as { data: { id: string } }).data;
  const confirm = await mailTo(email, /please confirm your Cash on Delivery order/);
  expect(confirm.html).toContain(`href="${origin}/cod/confirm?token=`);
  expect(confirm.html).toContain(`href="${origin}/cod/cancel?token=`);

  // A job, with no request: the order is cancelled unconfirmed, and the message links to it.
  const cancelled = await mailTo(email, /cancelled: not confirmed/);
  expect(cancelled.text).toContain(`${origin}/myaccount/orders/${order.id}`);
  expect(cancelled.html).toContain(`href="${origin}/myaccount/orders/${order.id}"`);

  for (const mail of smtp.received) {
    expect(`${mail.text}${mail.html}`).not.toContain("evil.example");
    expect(`${mail.text}${mail.html}`).not.toContain("localhost:3000");
  }
}, 180_000);

it("does not start mailing without PUBLIC_ORIGIN in production, nor as the API alone, in one line that says why", async () => {
  const env = { DATA_DIR: tempDir(), SESSION_SECRET: "message-links-test", SMTP_URL: smtp.url, PORT: "0" };
  // NODE_ENV unset: `npm start`'s production.
  const shop = start(process.execPath, ["--import", "tsx", "server/main.ts", "--no-build"], env);
  const apiAlone = start(tsx, ["api/main.ts"], { ...env, NODE_ENV: "development" });
  expect(await exitWithin(shop, 60_000)).toBe(1);
  expect(await exitWithin(apiAlone, 60_000)).toBe(1);
  expect(shop.stderr().trim()).toBe(`Invalid environment:\n  PUBLIC_ORIGIN: ${PUBLIC_ORIGIN_REQUIRED}`);
  expect(apiAlone.stderr().trim()).toBe(API_PUBLIC_ORIGIN_REQUIRED);
  expect(`${shop.stdout()}${apiAlone.stdout()}`).not.toMatch(/open at|listening/);
}, 120_000);
