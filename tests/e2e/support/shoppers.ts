import { type APIRequestContext, expect, type Page } from "@playwright/test";

export type TestShopper = { email: string; password: string; firstName: string; lastName: string };

let made = 0;

/** A new account, made through the API the site serves at /userapp (fast, and unique per test). */
export async function createShopper(
  request: APIRequestContext,
  fields: Partial<TestShopper> = {},
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
  return shopper;
}

/** Signs in through the login form, as a shopper would (works with JavaScript on and off). */
export async function signIn(page: Page, shopper: TestShopper, redirectTo?: string): Promise<void> {
  await page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Login successful! Welcome back." })).toBeVisible();
}

/** A new shopper, signed in: the usual start of a signed-in flow. */
export async function signedIn(page: Page, request: APIRequestContext, redirectTo?: string): Promise<TestShopper> {
  const shopper = await createShopper(request);
  await signIn(page, shopper, redirectTo);
  return shopper;
}
