import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Hook } from "@hono/zod-openapi";
import { loadProducts } from "../lib/catalogue/catalogue";
import type { ApiDeps, ApiEnv } from "../lib/context";
import { estimateDelivery, sellerState } from "../lib/orders/delivery-zones";
import { type Envelope, idPattern, notFound, validationError } from "../lib/http/http";
import { lookUpPin, PIN_PATTERN } from "../lib/orders/pincode";
import { estimateSchema, placeSchema } from "../lib/orders/pin-schemas";

// The PIN-code directory (mounted at /userapp/pincode), public: what an address form fills in
// from a PIN, and when a product reaches it (api/lib/orders/pincode.ts, api/lib/orders/delivery-zones.ts).

const PIN_MESSAGE = "Enter a 6-digit PIN code";
const DIRECTORY_CACHE = "public, max-age=86400";

const pinParams = z.object({
  pin: z
    .string()
    .regex(PIN_PATTERN, PIN_MESSAGE)
    .openapi({
      param: { name: "pin", in: "path" },
      example: "560038",
      description: "A 6-digit PIN code, not starting with 0",
    }),
});

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.string().openapi({ example: "SUCCESS" }), message: z.string(), data });

const failure = (description: string) => ({
  description,
  content: { "application/json": { schema: envelope(z.unknown()) } },
});

const lookUpRoute = createRoute({
  method: "get",
  path: "/{pin}",
  tags: ["PIN codes"],
  summary: "The city, district and state of a PIN code",
  request: { params: pinParams },
  responses: {
    200: { description: "The PIN's place", content: { "application/json": { schema: envelope(placeSchema) } } },
    404: failure("No post office has this PIN code"),
    422: failure("Not a 6-digit PIN code"),
  },
});

const deliveryRoute = createRoute({
  method: "get",
  path: "/{pin}/delivery",
  tags: ["PIN codes"],
  summary: "Whether and when a product reaches a PIN code",
  request: {
    params: pinParams,
    query: z.object({
      productId: z
        .string()
        .regex(idPattern, "Invalid id")
        .openapi({ param: { name: "productId", in: "query" } }),
    }),
  },
  responses: {
    200: {
      description: "The PIN's place and the delivery estimate from the product's seller",
      content: { "application/json": { schema: envelope(z.object({ place: placeSchema, estimate: estimateSchema })) } },
    },
    404: failure("No such PIN code or product"),
    422: failure("Not a 6-digit PIN code, or not a product id"),
  },
});

/** A request the schema refuses is the API's usual 422 envelope with field errors (api/lib/http/http.ts). */
const refuseInvalid: Hook<unknown, ApiEnv, string, unknown> = (result) => {
  if (!result.success) throw validationError(result.error);
};

/** The SUCCESS envelope (`ok` of api/lib/http/http.ts), typed with the 200 the route declares. */
const success = <T>(data: T) => ({ status: "SUCCESS", message: "Success", data }) satisfies Envelope<T>;

async function placeOf(pin: string) {
  const place = await lookUpPin(pin);
  if (!place) throw notFound("Unknown PIN code");
  return place;
}

export function pincodeRoutes(deps: ApiDeps) {
  const app = new OpenAPIHono<ApiEnv>({ defaultHook: refuseInvalid });

  app.openapi(lookUpRoute, async (c) => {
    const place = await placeOf(c.req.valid("param").pin);
    // The directory changes only with a new release of the package: browsers may keep an answer a day.
    c.header("Cache-Control", DIRECTORY_CACHE);
    return c.json(success(place), 200);
  });

  app.openapi(deliveryRoute, async (c) => {
    const place = await placeOf(c.req.valid("param").pin);
    const { productId } = c.req.valid("query");
    const product = (await loadProducts(deps.db, [productId])).get(productId);
    if (!product) throw notFound("Product not found");
    // Merchants do not store their state yet: sellerState reads it once they do.
    const merchant = product.merchant as typeof product.merchant & { state?: string | null };
    const estimate = estimateDelivery(
      place,
      sellerState({ companyName: merchant.company_name, state: merchant.state }),
      deps.now(),
    );
    return c.json(success({ place, estimate }), 200);
  });

  return app;
}
