import { eq } from "drizzle-orm";
import { createElement } from "react";
import { users } from "../../api/db/schema";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { storefrontContext, type UserappFetch } from "../../app/lib/platform/load-context";
import type { TestApi } from "../api/helpers";
import { KEPT_PARTS } from "../../app/components/kept-parts";
import { isWithheld, KeptContext, WithheldContext } from "../../app/lib/platform/kept";
import { keptRenderer } from "../../app/lib/platform/kept.server";

/**
 * The load context React Router hands our loaders and actions, wired to the real API in memory
 * and bound, as server/site.ts binds it, to the shopper's address.
 */
export function loadContext(api: TestApi, clientAddress: string | null = null) {
  return storefrontContext((request: Request) => api.app.fetch(request, { clientAddress }), { cspNonce: "test-nonce" });
}

/**
 * The same context, with the path of each API call it hands on written down in `calls`: the real
 * API answers; the test counts how often the storefront asked.
 */
export function countingContext<C extends { userapp: UserappFetch; cspNonce: string }>(context: C) {
  const calls: string[] = [];
  const userapp = (request: Request) => {
    calls.push(new URL(request.url).pathname);
    return context.userapp(request);
  };
  return { context: withUserapp(context, userapp), calls };
}

/** The same context with another API behind it (an outage, a slow answer, a counter), its client too. */
export function withUserapp<C extends { cspNonce: string }>(context: C, userapp: UserappFetch) {
  return { ...context, ...storefrontContext(userapp, { cspNonce: context.cspNonce }) };
}

/** A load context over `userapp` alone, for a loader that needs nothing else. */
export function apiContext(userapp: UserappFetch) {
  return storefrontContext(userapp, { cspNonce: "test-nonce" });
}

export const SHOP = "http://shop.test";

/** A browser's form POST: urlencoded fields, the page's Origin, and the cookies it holds. */
export function formPost(path: string, fields: Record<string, string | string[]>, cookie?: string): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
  }
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", origin: SHOP });
  if (cookie) headers.set("cookie", cookie);
  return new Request(`${SHOP}${path}`, { method: "POST", headers, body });
}

/** A browser's GET with the cookies it holds. */
export function pageGet(path: string, cookie?: string): Request {
  return new Request(`${SHOP}${path}`, { headers: cookie ? { cookie } : {} });
}

/** What a loader or action answered, whether it returned or threw, a Response or `data()`. */
export type Settled = { status: number; headers: Headers; data: any; location: string | null };

export async function settle(run: () => unknown): Promise<Settled> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: value.status, headers: value.headers, data, location: value.headers.get("location") };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init: ResponseInit | null };
    const headers = new Headers(init?.headers);
    return { status: init?.status ?? 200, headers, data, location: headers.get("location") };
  }
  if (value instanceof Error) throw value;
  return { status: 200, headers: new Headers(), data: value, location: null };
}

/**
 * The cookies a browser would send next, after receiving `headers`: every Set-Cookie merged into
 * `jar` ("a=1; b=2"), with cleared (expired) cookies dropped.
 */
export function nextCookies(headers: Headers, jar = ""): string {
  const cookies = new Map(
    jar
      .split(";")
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)] as const),
  );
  for (const line of headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    const expired = attributes.some(
      (a) => /^max-age=0$/i.test(a) || (/^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now()),
    );
    if (expired || value === "") cookies.delete(name);
    else cookies.set(name, value);
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
}

let shoppers = 0;

/** The mobile number a route test's shopper has as their phone (an order needs one: DESIGN deviation 18). */
export const TEST_PHONE = "9876543210";

/**
 * A new shopper with an account, signed in through the login form as a browser would be:
 * answers the cookie jar that carries their session. Their profile's phone is TEST_PHONE (sign-up
 * takes none), unless `withoutMobile`.
 */
export async function signedInShopper(
  api: TestApi,
  fields: { email?: string; password?: string; firstName?: string; lastName?: string; withoutMobile?: boolean } = {},
) {
  const { action } = await import("../../app/routes/login");
  shoppers++;
  const email = fields.email ?? `shopper${shoppers}-${Date.now()}@example.test`;
  const password = fields.password ?? "correct horse battery";
  const registered = await api.call("POST", "/userapp/auth/register", {
    body: { email, password, firstName: fields.firstName ?? "Asha", lastName: fields.lastName ?? "Rao" },
  });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  if (!fields.withoutMobile)
    await api.db
      .update(users)
      .set({ phone: TEST_PHONE })
      .where(eq(users.id, registered.body.data.id as string));
  const answer = await settle(() =>
    action({ request: formPost("/login", { email, password }), params: {}, context: loadContext(api) } as never),
  );
  if (answer.status !== 303) throw new Error(`login failed: ${JSON.stringify(answer.data)}`);
  const cookie = nextCookies(answer.headers)
    .split("; ")
    .filter((pair) => pair.startsWith("__session="))
    .join("; ");
  return { email, password, cookie, userId: registered.body.data.id as string };
}

/**
 * A loader's data with each kept part's prop that it withheld from the document (only a hash:
 * app/lib/platform/kept.server.ts) put back whole, from the load context it ran with.
 */
export function withheldPutBack<T extends Record<string, unknown>>(
  data: T,
  context: { withheld?: Map<string, unknown> },
): T {
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      isWithheld(value) ? context.withheld?.get(value.withheld) : value,
    ]),
  ) as T;
}

/** A page component with its loader's data, rendered to HTML at `path` as the server renders it (no hydration). */
export async function renderPage(
  path: string,
  element: ReturnType<typeof createElement>,
  /** The kept parts' props the loader withheld from the document's data (its load context's `withheld`). */
  withheld: ReadonlyMap<string, unknown> = new Map(),
): Promise<string> {
  const handler = createStaticHandler([{ path: "*", element }]);
  const routerContext = await handler.query(new Request(`${SHOP}${path}`));
  if (routerContext instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, routerContext);
  // As entry.server.tsx does: the server renders every kept part (app/lib/platform/kept.tsx).
  return renderToString(
    createElement(
      KeptContext.Provider,
      { value: keptRenderer(KEPT_PARTS, withheld) },
      createElement(
        WithheldContext.Provider,
        { value: withheld },
        createElement(StaticRouterProvider, { router, context: routerContext, hydrate: false }),
      ),
    ),
  );
}

/** A PNG of random pixels (noise does not compress: several hundred KB at 320 × 320), for uploads over the forms' limit. */
export async function noisePng(side = 320): Promise<Uint8Array> {
  const { default: sharp } = await import("sharp");
  const pixels = Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256)));
  return new Uint8Array(
    await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer(),
  );
}
