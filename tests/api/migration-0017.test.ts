import { describe, expect, it } from "vitest";
import { SENT_LINK_TOKEN } from "../../api/lib/messages/outbox";
import { upgradedShop } from "../migrations";

// Migration 0017 on a shop whose messages were recorded before it: a sent message's links lose
// their tokens, as the delivery now does as it sends (docs/decisions/023-account-links.md); a
// message not sent yet, or kept for the back office, keeps them.
const token = "Zm9vYmFyLWJhei1xdXV4LTAxMjM0NTY3ODlhYmNkZWZnaGk";
const origin = "https://shop.example.test";
const text = `Choose a new password: ${origin}/reset-password?token=${token}`;
const html = `<a href="${origin}/cod/confirm?token=${token}">Confirm</a><a href="${origin}/cod/cancel?token=${token}">Cancel</a>`;
const states = ["sent", "kept", "queued", "failed"] as const;
const shippedText = `Shipped: see ${origin}/myaccount/orders/1?tab=token`;
const id = (n: number) => `m${String(n).padStart(23, "0")}`;

describe("migration 0017 on an existing shop", () => {
  it("takes the tokens out of sent messages' links, and only theirs", async () => {
    const insert = (n: number, state: string, kind: string, body: { html: string; text: string }) =>
      `INSERT INTO messages (id, kind, to_address, subject, html, text, state) VALUES ('${id(n)}', '${kind}', 'a@example.test', 'S', '${body.html}', '${body.text}', '${state}');`;
    const oldMessages = [
      ...states.map((state, n) => insert(n, state, "account.passwordReset", { html, text })),
      // A sent message with no link is left as it was.
      insert(9, "sent", "order.shipped", { html: "<p>Shipped</p>", text: shippedText }),
    ].join("\n");
    await upgradedShop(17, oldMessages, async (pool) => {
      const rows = (await pool.query(`SELECT id, html, text FROM messages ORDER BY id`)).rows;
      expect(rows[0]).toEqual({
        id: id(0),
        text: `Choose a new password: ${origin}/reset-password?token=${SENT_LINK_TOKEN}`,
        html: `<a href="${origin}/cod/confirm?token=${SENT_LINK_TOKEN}">Confirm</a><a href="${origin}/cod/cancel?token=${SENT_LINK_TOKEN}">Cancel</a>`,
      });
      // Kept, queued and failed messages keep their links.
      expect(rows.slice(1, 4)).toEqual([1, 2, 3].map((n) => ({ id: id(n), html, text })));
      expect(rows[4]).toEqual({ id: id(9), html: "<p>Shipped</p>", text: shippedText });
    });
  });
});
