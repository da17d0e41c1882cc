import type { AppLoadContext } from "react-router";

/** The envelope every /userapp response carries (docs/api.md). */
export type Envelope<T> = { status: string; message: string; data: T };

export type UserappResult<T> =
  | { ok: true; httpStatus: number; envelope: Envelope<T> }
  | { ok: false; httpStatus: number; envelope: Envelope<unknown> };

// The host name only shapes the Request; the context's fetch decides where it goes.
const INTERNAL_ORIGIN = "http://userapp.internal";

/** Calls the /userapp API and reads its envelope; a network or parse failure reads as SERVER_ERROR. */
export async function callUserapp<T>(
  context: AppLoadContext,
  method: "GET" | "POST" | "PUT",
  path: string,
  options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
): Promise<UserappResult<T>> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.body);
  }
  try {
    const response = await context.userapp(
      new Request(`${INTERNAL_ORIGIN}/userapp/${path}`, { method, headers, body }),
    );
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
}
