/** Hands a standard Request to the /userapp API: in-process by default, over HTTP with USERAPP_API_URL. */
export type UserappFetch = (request: Request) => Response | Promise<Response>;

/** The envelope every /userapp response carries (docs/api.md). */
export type Envelope<T> = { status: string; message: string; data: T };

/**
 * What every call answers: `ok` with the typed `envelope.data`, or a failure with the API's HTTP
 * status and its envelope (`message`; for a 422, `data` lists the field errors).
 */
export type UserappResult<T> =
  | { ok: true; httpStatus: number; envelope: Envelope<T> }
  | { ok: false; httpStatus: number; envelope: Envelope<unknown> };

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

/** One call to the API, its answer read as an envelope. */
export type Send = <T>(method: Method, path: string, options?: SendOptions) => Promise<UserappResult<T>>;

// The host name only shapes the Request; the context's fetch decides where it goes.
const INTERNAL_ORIGIN = "http://userapp.internal";

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

/**
 * The transport under every client (app/lib/userapp/client.server.ts): calls the /userapp API and
 * reads its envelope; a network or parse failure reads as SERVER_ERROR. `raw` hands back the
 * answer as it came (the catalogue's CSV, passed on by a resource route).
 */
export function transport(userapp: UserappFetch) {
  const send: Send = async <T>(method: Method, path: string, options: SendOptions = {}): Promise<UserappResult<T>> => {
    try {
      const response = await userapp(request(method, path, options));
      const envelope = (await response.json()) as Envelope<T>;
      if (response.ok && envelope.status === "SUCCESS") return { ok: true, httpStatus: response.status, envelope };
      return { ok: false, httpStatus: response.status, envelope };
    } catch {
      return {
        ok: false,
        httpStatus: 500,
        envelope: { status: "SERVER_ERROR", message: "Internal server error", data: null },
      };
    }
  };
  const raw = async (path: string, token: string): Promise<Response> => userapp(request("GET", path, { token }));
  return { send, raw };
}

export type Transport = ReturnType<typeof transport>;
