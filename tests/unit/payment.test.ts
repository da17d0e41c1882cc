import { describe, expect, it } from "vitest";
import { readStorefrontConfig } from "../../app/lib/platform/config.server";
import { cashOnDelivery } from "../../app/lib/payment/cod";
import { PAYMENT_METHODS, paymentLabel } from "../../app/lib/payment/methods";
import { upiLink, upiProvider } from "../../app/lib/payment/upi";

const order = {
  id: "6f1c2d3e4f5a6b7c8d9e0f1a",
  totalAmount: 1604,
  paymentMethod: "Upi",
  paymentStatus: "awaitingPayment",
};

describe("payment methods", () => {
  it("offers Cash on Delivery first and Online Payment (UPI), as the checkout names them", () => {
    expect(PAYMENT_METHODS).toEqual([
      { id: "cod", label: "Cash on Delivery" },
      { id: "Upi", label: "Online Payment" },
    ]);
    expect(paymentLabel("Upi")).toBe("Online Payment");
    expect(cashOnDelivery.start({ ...order, paymentMethod: "cod", paymentStatus: "payOnDelivery" })).toEqual({
      kind: "none",
    });
  });
});

describe("UPI", () => {
  it("builds the upi://pay link with payee, merchant category, the order reference as tr and note, amount in rupees and paise, INR", () => {
    expect(upiLink({ vpa: "mart@upi", name: "Mart", mcc: "5311" }, 1604, order.id)).toBe(
      "upi://pay?pa=mart@upi&pn=Mart&mc=5311&tr=6f1c2d3e4f5a6b7c8d9e0f1a&tn=6f1c2d3e4f5a6b7c8d9e0f1a&am=1604.00&cu=INR",
    );
    expect(upiLink({ vpa: "shop.in-1@okaxis", name: "Mart & Sons", mcc: "5399" }, 4, "ref 1")).toBe(
      "upi://pay?pa=shop.in-1@okaxis&pn=Mart%20%26%20Sons&mc=5399&tr=ref%201&tn=ref%201&am=4.00&cu=INR",
    );
  });

  it("asks an order awaiting payment for it, with the link's QR code, until its window closes; nothing once paid", () => {
    const payee = { vpa: "mart@upi", name: "Mart", mcc: "5311" };
    const provider = upiProvider(payee);
    const dueAt = "2026-11-23T10:30:00.000Z";
    const request = provider.start({ ...order, paymentDueAt: dueAt }, new Date("2026-11-23T10:29:59.999Z"));
    expect(request).toMatchObject({ kind: "upi", vpa: "mart@upi", amount: 1604, reference: order.id, dueAt });
    if (request.kind !== "upi") throw new Error("expected a UPI request");
    expect(request.uri).toBe(upiLink(payee, 1604, order.id));
    expect(request.qrSvg).toContain('aria-label="UPI QR code to pay Mart"');
    expect(provider.start({ ...order, paymentDueAt: dueAt }, new Date(dueAt))).toEqual({ kind: "none" });
    expect(provider.start({ ...order, paymentStatus: "paid" })).toEqual({ kind: "none" });
  });

  it("reads the shop's VPA from UPI_VPA, mart@upi by default, and refuses a malformed one", () => {
    expect(readStorefrontConfig({}).upiVpa).toBe("mart@upi");
    expect(readStorefrontConfig({ UPI_VPA: " " }).upiVpa).toBe("mart@upi");
    expect(readStorefrontConfig({ UPI_VPA: " mart.store@okhdfcbank " }).upiVpa).toBe("mart.store@okhdfcbank");
    expect(() => readStorefrontConfig({ UPI_VPA: "not a vpa" })).toThrow(/UPI_VPA must be a UPI id such as mart@upi/);
    expect(() => readStorefrontConfig({ UPI_VPA: "a@b&am=1" })).toThrow(/UPI_VPA/);
  });

  it("reads the merchant category code from UPI_MCC, 5311 by default, 4 digits only", () => {
    expect(readStorefrontConfig({}).upiMcc).toBe("5311");
    expect(readStorefrontConfig({ UPI_MCC: " 5399 " }).upiMcc).toBe("5399");
    for (const bad of ["531", "53111", "53a1", "5311&am=1"]) {
      expect(() => readStorefrontConfig({ UPI_MCC: bad })).toThrow(/UPI_MCC must be a 4-digit merchant category code/);
    }
  });
});
