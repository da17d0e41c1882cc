/**
 * The messages' HTML (React Email templates, api/lib/messages/templates/) and text, rendered as
 * they are recorded: what they say, that text from shoppers and the shop cannot become markup, and
 * that the HTML is a whole document the Nu HTML Checker accepts but for what mail clients need.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { formatRupees } from "../../api/contract";
import type { ShopIdentity } from "../../api/lib/context";
import { emailConfirmMessage, passwordResetMessage } from "../../api/lib/messages/account-messages";
import { orderMessage } from "../../api/lib/messages/order-messages";
import type { OrderJson } from "../../api/lib/orders/order-json";

const shop: ShopIdentity = {
  name: `Rani's "Best" <Shop>`,
  origin: "https://shop.example",
  supportEmail: "help@shop.example",
  from: "Shop <help@shop.example>",
  gst: { name: "Shop", gstin: null, address: null, state: null },
};
/** The shop's name as the HTML carries it. */
const shopNameInHtml = "Rani&#x27;s &quot;Best&quot; &lt;Shop&gt;";
const hostile = `<script>alert("x")</script> Kurta & 'Dupatta'`;

const order = {
  id: "0123456789abcdef01234567",
  orderNumber: "MRT-26-000042",
  shipment: null,
  products: [
    { title: hostile, size: "M", qty: 2, amount: 2400 },
    { title: "Linen Shirt", size: "XL", qty: 1, amount: 999 },
  ],
  itemsAmount: 3399,
  platformFee: 20,
  totalAmount: 3419,
  paymentMethod: "cod",
  status: "cancelled",
  paymentStatus: "payOnDelivery",
  paymentDueAt: null,
  paymentReference: null,
  cancelReason: `Ordered twice <img src=x onerror="alert(1)">`,
  returnReason: null,
  refundReference: null,
  returnableUntil: null,
  address: {
    locality: `Flat 4 "B" <Wing>`,
    city: "Bengaluru",
    state: "Karnataka",
    zipcode: "560038",
    country: "India",
  },
} as unknown as OrderJson;

const orderLink = `${shop.origin}/myaccount/orders/${order.id}`;

/** A whole HTML document: a doctype, the language, the subject as its title, at most 600px wide. */
function expectDocument(html: string, subjectAfterShopName: string, number = "") {
  expect(html).toMatch(/^<!DOCTYPE html/);
  expect(html).toMatch(/<html [^>]*lang="en"/);
  expect(html).toContain(`<title>${shopNameInHtml}${number}: ${subjectAfterShopName}</title>`);
  expect(html).toContain("max-width:600px");
  expect(html).toMatch(/<\/html>(<!--\/\$-->)?$/);
}

describe("an order's message", () => {
  it("has the lines, the fee and the total in rupees, the payment method, the address and the order's link", async () => {
    const message = await orderMessage("order.cancelled", order, "a@example.com", shop, "user-1");
    expect(message.subject).toBe(`${shop.name} MRT-26-000042: your order is cancelled`);
    expectDocument(message.html, "your order is cancelled", " MRT-26-000042");
    expect(message.html).toContain("Order number: MRT-26-000042");
    expect(message.text).toContain("Order number: MRT-26-000042\n");
    for (const text of ["Linen Shirt", "Size XL × 1", formatRupees(999), formatRupees(2400), formatRupees(20)])
      expect(message.html).toContain(text);
    expect(message.html).toContain(formatRupees(3419));
    expect(message.html).toContain("Cash on Delivery");
    expect(message.html).toContain(`href="${orderLink}"`);
    expect(message.html).toContain(">See your order<");
    expect(message.html).toContain(`href="mailto:${shop.supportEmail}"`);
    expect(message.text).toContain(`Linen Shirt (size XL) × 1: ${formatRupees(999)}`);
    expect(message.text).toContain(`Total: ${formatRupees(3419)}`);
    expect(message.text).toContain(`Your order: ${orderLink}\n`);
    expect(message.text).toContain(`Questions? Write to ${shop.supportEmail}.`);
  });

  it("escapes a product's title, a reason, an address and the shop's name in its HTML; its text keeps them as written", async () => {
    const message = await orderMessage("order.cancelled", order, "a@example.com", shop, "user-1");
    expect(message.html).not.toMatch(/<script|<img|<Wing>|<Shop>/);
    expect(message.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Kurta &amp; &#x27;Dupatta&#x27;");
    expect(message.html).toContain("Ordered twice &lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(message.html).toContain("Flat 4 &quot;B&quot; &lt;Wing&gt;");
    expect(message.html).toContain(`>${shopNameInHtml}</p>`);
    expect(message.text).toContain(`${hostile} (size M) × 2: ${formatRupees(2400)}`);
    expect(message.text).toContain(`Reason: Ordered twice <img src=x onerror="alert(1)">`);
  });

  it("links the tax invoice only when asked to (from dispatch on)", async () => {
    const invoiceLink = `${orderLink}/invoice`;
    const without = await orderMessage("order.paid", order, "a@example.com", shop, "user-1");
    expect(without.html).not.toContain("/invoice");
    expect(without.text).not.toContain("/invoice");
    const shipped = await orderMessage("order.shipped", order, "a@example.com", shop, "user-1", { invoice: true });
    expect(shipped.html).toContain(`href="${invoiceLink}"`);
    expect(shipped.html).toContain(">Your tax invoice<");
    expect(shipped.text).toContain(`Your order: ${orderLink}\nYour tax invoice: ${invoiceLink}\n`);
  });

  it("says the courier and tracking number it shipped with, and links the courier's tracking page where known", async () => {
    const trackingUrl = "https://www.delhivery.com/track/package/1234567890123";
    const shipment = { courierId: "c1", courier: "Delhivery", trackingNumber: "1234567890123", trackingUrl };
    const shipped = await orderMessage("order.shipped", { ...order, shipment }, "a@example.com", shop, "user-1");
    const sentence = "Your order is on its way with Delhivery, tracking number 1234567890123.";
    expect(shipped.text).toContain(`${sentence}\n\nTrack your parcel: ${trackingUrl}\n`);
    expect(shipped.html).toContain(sentence);
    expect(shipped.html).toContain(`href="${trackingUrl}"`);
    const noLink = { ...shipment, courier: "DTDC", trackingUrl: null };
    const plain = await orderMessage("order.shipped", { ...order, shipment: noLink }, "a@example.com", shop, "u");
    expect(plain.text).toContain("Your order is on its way with DTDC, tracking number 1234567890123.");
    expect(plain.text).not.toContain("Track your parcel");
    // Only the shipped message links it: later ones say what happened then.
    const delivered = await orderMessage("order.delivered", { ...order, shipment }, "a@example.com", shop, "u");
    expect(delivered.text).not.toContain("Track your parcel");
  });

  it("shows its calls to action as buttons, and as label and address in its text", async () => {
    const actions = [
      { label: "Confirm my order", href: `${shop.origin}/orders/confirm?token=abc&x=1` },
      { label: "Cancel", href: `${shop.origin}/orders/cancel?token=abc` },
    ];
    const message = await orderMessage("order.placed", order, "a@example.com", shop, "user-1", { actions });
    expect(message.html).toContain(`href="${shop.origin}/orders/confirm?token=abc&amp;x=1"`);
    expect(message.html).toContain(`href="${shop.origin}/orders/cancel?token=abc"`);
    expect(message.html).toMatch(/>Confirm my order<\/span>/);
    expect(message.text).toContain(`Confirm my order: ${actions[0].href}\nCancel: ${actions[1].href}\n`);
    const none = await orderMessage("order.placed", order, "a@example.com", shop, "user-1");
    expect(none.text).not.toContain("Confirm my order");
  });
});

describe("an account message", () => {
  it("has its link in the HTML and the text, the shop's name escaped", async () => {
    const message = await passwordResetMessage("a@example.com", "tok_en-1", shop, "user-1");
    const link = `${shop.origin}/reset-password?token=tok_en-1`;
    expectDocument(message.html, "reset your password");
    expect(message.html).toContain(`href="${link}"`);
    expect(message.html).toContain(">Choose a new password<");
    expect(message.text).toContain(`Choose a new password: ${link}\n`);
    expect(message.html).not.toContain("<Shop>");
    const confirm = await emailConfirmMessage("new@example.com", "t1", shop, "user-1");
    expect(confirm.html).toContain(`your ${shopNameInHtml} account`);
  });
});

// What the templates keep on purpose for mail clients, which the checker does not know:
// Outlook's mso-* properties, Apple Mail's reformatting switch, and the XHTML doctype.
const MAIL_CLIENT_ERRORS = [
  /^CSS: “mso-[a-z-]+”: Property “mso-[a-z-]+” doesn't exist\.$/,
  /^Element “meta” is missing one or more of the following attributes: “content”, “property”\.$/,
  /^Almost standards mode doctype\. Expected “<!DOCTYPE html>”\.$/,
];

describe("the messages' HTML", () => {
  it("passes the Nu HTML Checker but for what mail clients need", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "messages-"));
    const files = {
      "order.html": (
        await orderMessage("order.shipped", order, "a@example.com", shop, "user-1", {
          invoice: true,
          actions: [{ label: "Confirm my order", href: `${shop.origin}/c?token=1` }],
        })
      ).html,
      "account.html": (await passwordResetMessage("a@example.com", "t", shop, "user-1")).html,
    };
    for (const [name, html] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), html);
    const vnuJar = String(createRequire(import.meta.url)("vnu-jar"));
    const run = spawnSync(
      "java",
      ["-jar", vnuJar, "--errors-only", "--format", "json", ...Object.keys(files).map((name) => path.join(dir, name))],
      { encoding: "utf8" },
    );
    fs.rmSync(dir, { recursive: true, force: true });
    expect(run.error, "java must be installed (apt-get install default-jre-headless)").toBeUndefined();
    const report = JSON.parse(run.stderr || "{}") as { messages?: { type: string; url: string; message: string }[] };
    const errors = (report.messages ?? [])
      .filter((m) => !MAIL_CLIENT_ERRORS.some((allowed) => allowed.test(m.message)))
      .map((m) => `${path.basename(m.url)}: ${m.message}`);
    expect(errors).toEqual([]);
    expect(report.messages?.length, "the checker ran and found the mail clients' markup").toBeGreaterThan(0);
  }, 60_000);
});
