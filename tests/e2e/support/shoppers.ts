import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { ready } from "./lists";

export type TestShopper = { email: string; password: string; firstName: string; lastName: string };

/** The mobile number every test shopper's profile has (an order needs one: DESIGN deviation 18). */
export const TEST_MOBILE = "9876543210";

let made = 0;

/**
 * A new account, made through the API the site serves at /userapp (fast, and unique per test),
 * with TEST_MOBILE as its phone (sign-up takes none), unless `withoutMobile`.
 */
export async function createShopper(
  request: APIRequestContext,
  fields: Partial<TestShopper> = {},
  { withoutMobile = false } = {},
): Promise<TestShopper> {
  made++;
  const shopper: TestShopper = {
    email: `e2e-${Date.now()}-${process.pid}-${made}-${Math.random().toString(36).slice(2, 8)}@example.test`,
    password: "e2e-passphrase-123",
    firstName: "Asha",
    lastName: "Rao",
    ...fields,
  };
  const response = await request.post("/userapp/auth/register", { data: shopper });
  expect(response.status(), await response.text()).toBe(201);
  if (!withoutMobile) {
    const login = await request.post("/userapp/auth/login", {
      data: { username: shopper.email, password: shopper.password },
    });
    const { token, id } = (await login.json()).data as { token: string; id: string };
    const phone = await request.put(`/userapp/user/update/${id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { phone: TEST_MOBILE },
    });
    expect(phone.status(), await phone.text()).toBe(200);
  }
  return shopper;
}

/** Signs in through the login form, as a shopper would (works with JavaScript on and off). */
export async function signInWithForm(page: Page, shopper: TestShopper, redirectTo?: string): Promise<void> {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Login successful! Welcome back." })).toBeVisible();
}

/**
 * Signs in by posting the login form from the browser's own context (its cookies, the shop's
 * Origin), then opens `redirectTo` (the home page by default) with the welcome toast: where the
 * form would have landed, without typing and rendering the login page first. The form itself is
 * driven by signInWithForm, in accounts.spec.ts.
 */
export async function signIn(page: Page, shopper: TestShopper, redirectTo?: string): Promise<void> {
  const target = redirectTo ?? "/";
  const origin = new URL(String(test.info().project.use.baseURL)).origin;
  const posted = await page.request.post("/login", {
    form: { email: shopper.email, password: shopper.password, redirectTo: target },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(posted.status(), await posted.text()).toBe(303);
  // As a click on the form's button does: the toast is looked for from the moment the page
  // arrives, not after every picture has loaded (with JavaScript it goes after a few seconds).
  await page.goto(target, { waitUntil: "commit" });
  await expect(page.getByRole("status").filter({ hasText: "Login successful! Welcome back." })).toBeVisible();
  // The toast is in the server's HTML: with JavaScript, what the test does next (typing a PIN
  // that looks itself up, say) needs the page hydrated, or it is typed into no handler.
  await ready(page);
}

/** A new shopper, signed in: the usual start of a signed-in flow. */
export async function signedIn(
  page: Page,
  request: APIRequestContext,
  redirectTo?: string,
  options: { withoutMobile?: boolean } = {},
): Promise<TestShopper> {
  const shopper = await createShopper(request, {}, options);
  await signIn(page, shopper, redirectTo);
  return shopper;
}
