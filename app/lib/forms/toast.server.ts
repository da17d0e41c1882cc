import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { secureCookies, sessionSecrets } from "../session/session.server";
import type { Toast } from "../page/root-data";

/** Toasts ride a short-lived flash cookie signed with our own secrets (remix-toast's default secret is public). */
const TOAST_COOKIE_NAME = "__toast";

let storage: ReturnType<typeof createCookieSessionStorage> | undefined;
let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

function toastStorage() {
  storage ??= createCookieSessionStorage({
    cookie: {
      name: TOAST_COOKIE_NAME,
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: secureCookies(),
      secrets: sessionSecrets(),
      maxAge: 60,
    },
  });
  return storage;
}

function toastUtils() {
  utils ??= createToastUtilsWithCustomSession(toastStorage());
  return utils;
}

type Init = ResponseInit | undefined;

// Actions answer "303 See Other" (docs/architecture.md): the browser then GETs the page it is sent to.
export const redirectWithSuccess = (url: string, message: string, init?: Init) =>
  toastUtils().redirectWithSuccess(url, message, { status: 303, ...init });
export const redirectWithError = (url: string, message: string, init?: Init) =>
  toastUtils().redirectWithError(url, message, { status: 303, ...init });
export const redirectWithInfo = (url: string, message: string, init?: Init) =>
  toastUtils().redirectWithInfo(url, message, { status: 303, ...init });
export const dataWithError = <T>(data: T, message: string, init?: Init) =>
  toastUtils().dataWithError(data, message, init);
export const dataWithSuccess = <T>(data: T, message: string, init?: Init) =>
  toastUtils().dataWithSuccess(data, message, init);

/**
 * This request's toast, if any, and the header that deletes its cookie once shown. A request
 * without the cookie gets no Set-Cookie at all (remix-toast's own getToast always sets one),
 * so guests' pages stay publicly cacheable.
 */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers }> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !cookie.includes(`${TOAST_COOKIE_NAME}=`)) return { toast: null, headers: new Headers() };
  const { toast } = await toastUtils().getToast(request);
  const session = await toastStorage().getSession(cookie);
  const headers = new Headers({ "Set-Cookie": await toastStorage().destroySession(session) });
  return { toast: toast ? { message: toast.message, type: toast.type } : null, headers };
}
