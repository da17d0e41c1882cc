import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import type { RouteRefusalCode } from "../../api/contract/refusals";
import { fieldsNamed, formErrorsOf, sharedRefusal } from "../../app/lib/userapp/refusals.server";
import { pathOf, type Refused } from "../../app/lib/userapp/transport.server";

// The storefront's handling of the API's refusals by code (docs/decisions/035-refusal-codes.md).

const refusal = <R extends Refused>(value: Omit<R, "ok" | "answerStatus">, answerStatus = 400) =>
  ({ ok: false, answerStatus, ...value }) as R;

/** What `sharedRefusal` throws: the error page's status and data. */
function thrown(run: () => unknown): { status: number; data: unknown; headers?: Headers } {
  try {
    run();
  } catch (error) {
    if (error && typeof error === "object" && "init" in error && "data" in error) {
      const { init, data } = error as { init: ResponseInit | null; data: unknown };
      return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
    }
    if (isRouteErrorResponse(error)) return { status: error.status, data: error.data };
    throw error;
  }
  throw new Error("nothing thrown");
}

describe("formErrorsOf, the one decoder of the API's field errors", () => {
  const validation = refusal<Refused<"VALIDATION">>({
    code: "VALIDATION",
    message: "Invalid input: email: Invalid email",
    data: [
      { path: "email", message: "Invalid email" },
      { path: "email", message: "Too long" },
      { path: "address.0.city", message: "City is required" },
    ],
  });

  it("puts each field error on the form's field, and keeps those it has no field for", () => {
    expect(formErrorsOf(validation, fieldsNamed(["email"]))).toEqual({
      fieldErrors: { email: ["Invalid email", "Too long"] },
      unshown: ["City is required"],
    });
    expect(formErrorsOf(validation, fieldsNamed(["password"], { email: "password" })).fieldErrors).toEqual({
      password: ["Invalid email", "Too long"],
    });
  });

  it("finds no field errors in any other refusal, whatever its data", () => {
    const stock = refusal<Refused<"NOT_ENOUGH_STOCK">>({
      code: "NOT_ENOUGH_STOCK",
      message: "Only 2 left in size M",
      data: { productId: "a".repeat(24), size: "M", requested: 3, available: 2 },
    });
    expect(formErrorsOf(stock, (path) => path)).toEqual({ fieldErrors: {}, unshown: [] });
  });
});

describe("sharedRefusal, the one handler of the refusals any route gives", () => {
  it("answers each with its error page", () => {
    const page = (value: Refused) => thrown(() => sharedRefusal(value as Refused<"SERVER_ERROR">));
    expect(page(refusal({ code: "SERVER_ERROR", message: "Internal server error", data: null }, 500)).status).toBe(503);
    expect(page(refusal({ code: "BUSY", message: "Busy", data: null }, 500)).status).toBe(503);
    expect(page(refusal({ code: "FORBIDDEN", message: "No", data: null }, 403)).status).toBe(403);
    expect(page(refusal({ code: "TOO_LARGE", message: "Too large", data: { limit: 10 } }, 413)).status).toBe(413);
    expect(page(refusal({ code: "MALFORMED_REQUEST", message: "Malformed JSON body", data: null })).status).toBe(500);
    const limited = page(refusal({ code: "RATE_LIMITED", message: "Too many requests", data: { retryAfter: 30 } }));
    expect(limited.status).toBe(429);
    expect(limited.headers?.get("Retry-After")).toBe("30");
  });

  it("takes only the shared codes: a route's own code left out of a switch is a type error", () => {
    const handled = (value: Refused<RouteRefusalCode<"PUT /orders/{id}/cancel">>) => {
      switch (value.code) {
        case "NOT_FOUND":
        case "VALIDATION":
          return value.message;
        default:
          // @ts-expect-error ORDER_STATE, declared by the route, is not handled above
          return sharedRefusal(value);
      }
    };
    expect(handled(refusal({ code: "NOT_FOUND", message: "Order not found", data: null }, 404))).toBe(
      "Order not found",
    );
  });
});

describe("pathOf, a route key with its parameters", () => {
  it("fills and encodes the parameters and adds the query string", () => {
    expect(pathOf("PUT /orders/{id}/cancel", { params: { id: "a/b" } })).toEqual({
      method: "PUT",
      path: "orders/a%2Fb/cancel",
    });
    expect(pathOf("GET /admin/orders", { query: new URLSearchParams({ page: "2" }) })).toEqual({
      method: "GET",
      path: "admin/orders?page=2",
    });
  });
});
