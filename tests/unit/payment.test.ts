import { describe, expect, it } from "vitest";
import { readStorefrontConfig } from "../../app/lib/config.server";
import { cashOnDelivery } from "../../app/lib/payment/cod";
import { PAYMENT_METHODS, paymentLabel } from "../../app/lib/payment/methods";
import { upiLink, upiProvider } from "../../app/lib/payment/upi";

const order = { id: "6f1c2d3e4f5a6b7c8d9e0f1a", totalAmount: 1604, paymentMethod: "Upi", paymentStatus: "awaitingPayment" };

describe("payment methods", () => {
  it("offers Cash on Delivery first and Online Payment (UPI), as the spec names them", () => {
    expect(PAYMENT_METHODS).toEqual([
      { id: "cod", label: "Cash on Delivery" },
      { id: "Upi", label: "Online Payment" },
    ]);
    expect(paymentLabel("Upi")).toBe("Online Payment");
    expect(cashOnDelivery.start({ ...order, paymentMethod: "cod", paymentStatus: "pending" })).toEqual({ kind: "none" });
  });
});

describe("UPI", () => {
  it("builds the upi://pay link with payee, amount in rupees and paise, INR and the order reference", () => {
    expect(upiLink({ vpa: "mart@upi", name: "Mart" }, 1604, order.id)).toBe(
      "upi://pay?pa=mart@upi&pn=Mart&am=1604.00&cu=INR&tn=6f1c2d3e4f5a6b7c8d9e0f1a",
    );
    expect(upiLink({ vpa: "shop.in-1@okaxis", name: "Mart & Sons" }, 4, "ref 1")).toBe(
      "upi://pay?pa=shop.in-1@okaxis&pn=Mart%20%26%20Sons&am=4.00&cu=INR&tn=ref%201",
    );
  });

  it("asks an order awaiting payment for it, with the link's QR code; nothing once paid", () => {
    const provider = upiProvider({ vpa: "mart@upi", name: "Mart" });
    const request = provider.start(order);
    expect(request).toMatchObject({ kind: "upi", vpa: "mart@upi", amount: 1604, reference: order.id });
    if (request.kind !== "upi") throw new Error("expected a UPI request");
    expect(request.uri).toBe(upiLink({ vpa: "mart@upi", name: "Mart" }, 1604, order.id));
    expect(request.qrSvg).toContain('aria-label="UPI QR code to pay Mart"');
    expect(provider.start({ ...order, paymentStatus: "paid" })).toEqual({ kind: "none" });
  });

  it("reads the shop's VPA from UPI_VPA, mart@upi by default, and refuses a malformed one", () => {
    expect(readStorefrontConfig({}).upiVpa).toBe("mart@upi");
    expect(readStorefrontConfig({ UPI_VPA: " " }).upiVpa).toBe("mart@upi");
    expect(readStorefrontConfig({ UPI_VPA: " mart.store@okhdfcbank " }).upiVpa).toBe("mart.store@okhdfcbank");
    expect(() => readStorefrontConfig({ UPI_VPA: "not a vpa" })).toThrow(/UPI_VPA must be a UPI id such as mart@upi/);
    expect(() => readStorefrontConfig({ UPI_VPA: "a@b&am=1" })).toThrow(/UPI_VPA/);
  });
});
