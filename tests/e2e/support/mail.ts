import { type APIRequestContext, expect } from "@playwright/test";

/** The run's mailbox (support/mailbox.ts): the port after the shop's SMTP port. */
const mailbox = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2}`;

export type ReceivedMail = { to: string[]; subject: string; text: string; html: string; messageId: string };

/** The token of a Cash on Delivery order's confirm/cancel links, from the message its shopper received. */
export async function codLinkToken(request: APIRequestContext, address: string): Promise<string> {
  const mail = await mailTo(request, address, /please confirm your Cash on Delivery order/);
  const token = /\/cod\/confirm\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token, "the confirm link").toBeTruthy();
  return token!;
}

/** Waits until a message to `address` whose subject matches has arrived, and answers it. */
export async function mailTo(request: APIRequestContext, address: string, subject: RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${mailbox}/messages?to=${encodeURIComponent(address)}`);
        found = ((await answer.json()) as ReceivedMail[]).findLast((mail) => subject.test(mail.subject));
        return found !== undefined;
      },
      { message: `a message to ${address} (${subject})`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
