import type {
  Refusal,
  RefusalCode,
  RouteKey,
  RouteRefusalCode,
  SharedRefusalCode,
} from "../../../api/contract/refusals";

/** Hands a standard Request to the /userapp API: in-process by default, over HTTP with USERAPP_API_URL. */
export type UserappFetch = (request: Request) => Response | Promise<Response>;

/** The envelope every /userapp response carries (docs/api.md); a refusal's has its `code`. */
export type Envelope<T> = { status: string; message: string; data: T; code?: RefusalCode; errorCount?: number };

/** A call's success: the envelope's `data` and message; `created` when the API made a record (201). */
export type Success<T> = {
  ok: true;
  data: T;
  message: string;
  created: boolean;
};

/** A refusal as the client hands it on: its code, message and the code's data (api/contract/refusals.ts). */
export type Refused<C extends RefusalCode = RefusalCode> = Refusal<C> & {
  /** The status a page answers the browser with when it passes the refusal on: the API's 4xx, else 500. */
  answerStatus: number;
};

/**
 * What every call answers: a success with the typed `data`, or one of the refusals its route
 * declares (api/contract/refusals.ts, ROUTE_REFUSALS), each with its code's `data`, or a shared one
 * (app/lib/userapp/refusals.server.ts takes those). A `switch` on `code` is checked by the compiler.
 */
export type UserappResult<T, C extends RefusalCode = RefusalCode> = Success<T> | Refused<C>;

/** The answer of a call to route `K`. */
export type RouteResult<T, K extends RouteKey> = UserappResult<T, RouteRefusalCode<K>>;

export type { Refusal, RefusalCode, RouteKey, RouteRefusalCode, SharedRefusalCode };

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export type SendOptions = {
  /** A JSON body. */
  json?: unknown;
  /** A ready-made body (a multipart form sets its own type with the boundary). */
  body?: BodyInit;
  token?: string | null;
  headers?: Record<string, string>;
  /** The browser's request this call serves: if the browser gives up on it, so may the API (see `changeLine`). */
  signal?: AbortSignal;
};

/** A route's path parameters (`{id}` in its key) and query string. */
export type Target = { params?: Record<string, string>; query?: URLSearchParams };

/** One call to route `K` (`METHOD /path` of the document), its answer read as a typed result. */
export type Send = <K extends RouteKey>(
  route: K,
  target?: Target,
) => { as: <T>(options?: SendOptions) => Promise<RouteResult<T, K>> };

// The host name only shapes the Request; the context's fetch decides where it goes.
const INTERNAL_ORIGIN = "http://userapp.internal";

/** The URL path of a route key with its parameters filled in: `PUT /orders/{id}/cancel`, `{id}`. */
export function pathOf(route: RouteKey, target: Target = {}): { method: Method; path: string } {
  const [method, template] = route.split(" ") as [Method, string];
  const path = template.replaceAll(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(target.params?.[name] ?? ""));
  const query = target.query?.toString();
  return { method, path: query ? `${path.slice(1)}?${query}` : path.slice(1) };
}

function request(method: Method, path: string, options: SendOptions): Request {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  return new Request(`${INTERNAL_ORIGIN}/userapp/${path}`, { method, headers, body, signal: options.signal });
}

const UNREADABLE: Envelope<null> = { status: "SERVER_ERROR", message: "Internal server error", data: null };

/**
 * The transport under every client (app/lib/userapp/client.server.ts): calls the /userapp API and
 * reads its envelope into a typed result. The only place the storefront reads an HTTP status: a
 * refusal travels by its code (a network or parse failure, or an answer without one, is
 * SERVER_ERROR). `raw` hands back the answer as it came (the catalogue's CSV, passed on by a
 * resource route).
 */
export function transport(userapp: UserappFetch) {
  async function call(method: Method, path: string, options: SendOptions): Promise<UserappResult<unknown>> {
    let response: Response;
    let envelope: Envelope<unknown>;
    try {
      response = await userapp(request(method, path, options));
      envelope = (await response.json()) as Envelope<unknown>;
    } catch {
      return unreadable;
    }
    const httpStatus = response.status;
    if (response.ok && envelope.status === "SUCCESS") {
      const { data, message } = envelope;
      return { ok: true, data, message, created: httpStatus === 201 };
    }
    return refusedBy(httpStatus, envelope);
  }
  const send: Send = (route, target) => ({
    as: <T>(options: SendOptions = {}) => {
      const { method, path } = pathOf(route, target);
      return call(method, path, options) as Promise<RouteResult<T, typeof route>>;
    },
  });
  /**
   * A GET whose answer is handed back as it came when it succeeds (the catalogue's CSV, a photo,
   * passed on by a resource route as it streams), or read as its refusal.
   */
  const raw = async <K extends RouteKey>(
    route: K,
    target: Target,
    token: string,
  ): Promise<{ ok: true; response: Response } | Refused<RouteRefusalCode<K>>> => {
    const { path } = pathOf(route, target);
    let response: Response;
    try {
      response = await userapp(request("GET", path, { token }));
    } catch {
      return unreadable;
    }
    if (response.ok) return { ok: true, response };
    const envelope = (await response.json().catch(() => UNREADABLE)) as Envelope<unknown>;
    return refusedBy(response.status, envelope) as Refused<RouteRefusalCode<K>>;
  };
  return { send, raw };
}

const unreadable: Refused<"SERVER_ERROR"> = {
  ok: false,
  code: "SERVER_ERROR",
  message: UNREADABLE.message,
  data: null,
  answerStatus: 500,
};

/** A refusal read by its code; an answer without one (not the API's) is SERVER_ERROR. */
function refusedBy(httpStatus: number, envelope: Envelope<unknown>): Refused {
  if (!envelope.code) return unreadable;
  const { code, message, data, errorCount } = envelope;
  const answerStatus = httpStatus >= 400 && httpStatus < 500 ? httpStatus : 500;
  const extra = errorCount === undefined ? {} : { errorCount };
  return { ok: false, code, message, data, ...extra, answerStatus } as Refused;
}

export type Transport = ReturnType<typeof transport>;
