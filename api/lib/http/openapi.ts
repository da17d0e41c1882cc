import { createRoute, type Hook, OpenAPIHono, type RouteConfig, z } from "@hono/zod-openapi";
import type { Env, Handler, MiddlewareHandler } from "hono";
import type { ApiEnv } from "../context";
import { REFUSAL_STATUSES } from "../../contract/refusals";
import { validationError } from "./http";
import { envelopeOfCodes, refusalsByStatus, routeCodes } from "./refusal-schemas";

// How the /userapp API describes itself (docs/decisions/015-openapi.md): every route is a
// `createRoute` config whose request and response schemas are zod, and the OpenAPI 3.1 document
// at /userapp/openapi.json is generated from them. The helpers here give every route the same
// envelopes, error answers and bearer scheme.

/** The name of the bearer scheme in the document's components (`Authorization: Bearer <token>`). */
export const BEARER_SCHEME = "bearerAuth";

/** The `security` of a route that needs a signed-in user's token. */
export const bearerSecurity = [{ [BEARER_SCHEME]: [] }];

/** The envelope statuses of a failure (api/lib/http/http.ts, ApiStatus). */
const FAILURE_STATUSES = [
  "VALIDATION_ERROR",
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "RECORD_NOT_FOUND",
  "FAILURE",
  "TOO_MANY_REQUESTS",
  "PAYLOAD_TOO_LARGE",
  "SERVICE_UNAVAILABLE",
  "SERVER_ERROR",
] as const;

export const fieldErrorSchema = z
  .object({
    path: z.string().openapi({
      example: "address.city",
      description: "The field, dot-separated; `query.<name>` or `path` for the URL",
    }),
    message: z.string().openapi({ example: "City is required" }),
  })
  .openapi("FieldError");

/** Every failure: `{status, message, data}`; `data` is null or details (the limit, the units left…). */
export const errorEnvelopeSchema = z
  .object({
    status: z.enum(FAILURE_STATUSES),
    message: z.string().openapi({ example: "Order not found" }),
    data: z.unknown().openapi({ description: "null, or details of the failure" }),
    code: z
      .enum(Object.keys(REFUSAL_STATUSES) as [keyof typeof REFUSAL_STATUSES])
      .openapi({ example: "NOT_FOUND", description: "The refusal's stable machine code (api/contract/refusals.ts)" }),
  })
  .openapi("ErrorEnvelope");

/** 422: the request's fields (body, query string or path) were refused, each with its message. */
export const validationEnvelopeSchema = z
  .object({
    status: z.literal("VALIDATION_ERROR"),
    message: z.string().openapi({ example: "Invalid input: address.city: City is required" }),
    data: z.array(fieldErrorSchema),
  })
  .openapi("ValidationErrorEnvelope");

/** The SUCCESS envelope around `data`. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal("SUCCESS"), message: z.string().openapi({ example: "Success" }), data });

const json = (schema: z.ZodType) => ({ "application/json": { schema } });

/** A request body read as JSON (the handler reads it with `readBody`: an empty body is `{}`). */
export const jsonBody = (schema: z.ZodType, description?: string) => ({
  ...(description ? { description } : {}),
  content: json(schema),
});

/** A success answer: the SUCCESS envelope around `data`. */
export const success = (description: string, data: z.ZodType) => ({ description, content: json(envelope(data)) });

/** What each failure status means on any route; a route may say more with `failure`. */
const FAILURE_DESCRIPTIONS = {
  400: "BAD_REQUEST: malformed JSON, or a request the shop cannot carry out",
  401: "UNAUTHORIZED: no bearer token, or one that expired or was revoked",
  403: "FORBIDDEN: signed in, but not an admin",
  404: "RECORD_NOT_FOUND: no such record (another user's counts as none)",
  409: "FAILURE: the request conflicts with the record's current state",
  413: "PAYLOAD_TOO_LARGE: the body is over the limit (`data.limit`, in bytes)",
  422: "VALIDATION_ERROR: field errors (`data`), control characters in any text included",
  429: "TOO_MANY_REQUESTS: too many attempts; `Retry-After` says when to try again",
  500: "SERVER_ERROR: an unexpected failure (logged)",
  503: "SERVICE_UNAVAILABLE: the search ran past its time limit (the shop is busy); `Retry-After` says when to try again",
} as const;

export type FailureStatus = keyof typeof FAILURE_DESCRIPTIONS;

/** A failure answer: the error envelope (422: with the field errors). */
export const failure = (status: FailureStatus, description: string = FAILURE_DESCRIPTIONS[status]) => ({
  description,
  content: json(status === 422 ? validationEnvelopeSchema : errorEnvelopeSchema),
});

/** Who may call a route: anyone, a signed-in user (bearer token), or an admin's token. */
export type Access = "public" | "user" | "admin";

type ApiRouteConfig = Omit<RouteConfig, "security"> & {
  access: Access;
  /** Failure statuses the handler itself answers (with the default descriptions), besides those every route has. */
  failures?: FailureStatus[];
};

/**
 * A route of the API: `createRoute` with the answers its access and body imply. A signed-in route
 * answers 401, an admin's 403 too, and both carry the bearer scheme; a route with a body 400 for
 * malformed JSON. What every /userapp route answers (413, 422, 500) the app adds to them all
 * (`addSharedFailures`).
 */
export function apiRoute<const C extends ApiRouteConfig>(config: C) {
  const { access, failures = [], responses, ...rest } = config;
  const statuses = new Set<FailureStatus>(failures);
  // A body that is not JSON is 400 "Malformed JSON body" (readBody).
  if (rest.request?.body) statuses.add(400);
  if (access !== "public") statuses.add(401);
  if (access === "admin") statuses.add(403);
  const shared: Record<number, ReturnType<typeof failure>> = {};
  for (const status of [...statuses].sort()) shared[status] = failure(status);
  return createRoute({
    ...rest,
    ...(access === "public" ? {} : { security: bearerSecurity }),
    // The route's own descriptions win over the shared ones.
    responses: { ...shared, ...responses },
  });
}

/**
 * Declares every /userapp route's refusals in `app`'s document: for each failure status, the
 * envelopes of the codes the route may answer with it (api/contract/refusals.ts, ROUTE_REFUSALS,
 * with VALIDATION, a body over the limit (413) and an unexpected error (500) on any route, 401 on a
 * route with the bearer scheme, 403 on an admin's). A route's own description of a status is kept.
 * A route without a declaration, or documenting a status none of its codes has, throws: the
 * document and the codes cannot drift apart.
 */
export function addSharedFailures(app: Pick<OpenAPIHono, "openAPIRegistry">) {
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== "route" || !definition.route.path.startsWith("/userapp/")) continue;
    const { route } = definition;
    const key = `${route.method.toUpperCase()} ${route.path.slice("/userapp".length)}`;
    const documented = Object.keys(route.responses).map(Number);
    const codes = routeCodes(key, {
      hasBody: Boolean(route.request?.body),
      signedIn: Boolean(route.security?.some((requirement) => BEARER_SCHEME in requirement)),
      admin: route.path.startsWith("/userapp/admin/"),
      documented,
    });
    const byStatus = refusalsByStatus(codes);
    const responses: RouteConfig["responses"] = {};
    for (const status of documented)
      if (status < 400) responses[status] = route.responses[status];
      else if (!byStatus.has(status as FailureStatus))
        throw new Error(`${key} documents ${status}, but none of its refusal codes is answered with it`);
    for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
      const own = route.responses[status] as { description?: string } | undefined;
      responses[status] = {
        description: own?.description ?? FAILURE_DESCRIPTIONS[status],
        content: json(envelopeOfCodes(list)),
      };
    }
    definition.route = { ...route, responses };
  }
}

/** The Hono path of an OpenAPI one: `/orders/{id}` is `/orders/:id`. */
export type HonoPath<T extends string> = T extends `${infer Start}/{${infer Param}}${infer Rest}`
  ? `${Start}/:${Param}${HonoPath<Rest>}`
  : T;

export const honoPath = (path: string) => path.replaceAll(/\/{(.+?)}/g, "/:$1");

/**
 * Mounts `handlers` at `route`'s method and path and registers the route for the document. The
 * request schemas are the document's; the handler reads its input itself with `readBody` and
 * `validate` (api/lib/http/http.ts), so malformed JSON stays 400 and every refusal stays our 422 with
 * field errors, control characters checked first, whatever the Content-Type.
 */
export function mount<E extends Env, const R extends RouteConfig>(
  app: OpenAPIHono<E>,
  route: R,
  ...handlers: [...MiddlewareHandler<E, HonoPath<R["path"]>>[], Handler<E, HonoPath<R["path"]>>]
) {
  app.openAPIRegistry.registerPath(route);
  app.on(route.method.toUpperCase(), honoPath(route.path), ...(handlers as [Handler<E, HonoPath<R["path"]>>]));
}

/**
 * The `defaultHook` of a group that lets `app.openapi` validate its input: a refusal is the API's
 * own 422 envelope with field errors (api/lib/http/http.ts), thrown to `app.onError`.
 */
export const refuseInvalid: Hook<unknown, ApiEnv, string, unknown> = (result) => {
  if (!result.success) throw validationError(result.error);
};

/** A route group: an OpenAPIHono whose `app.openapi` routes answer refusals with our 422. */
export const routeGroup = () => new OpenAPIHono<ApiEnv>({ defaultHook: refuseInvalid });
