import { expect, test } from "./support/test";
import { ready } from "./support/lists";
import { createShopper, signIn, signInWithForm } from "./support/shoppers";

// Issue 4: register, login and logout with JavaScript on and off, redirectTo round trips,
// and the origin check that refuses cross-site form posts.

const toast = (page: import("@playwright/test").Page, text: string) =>
  page.getByRole("status").filter({ hasText: text });

test("a new shopper registers, logs in, comes back to the page they wanted, and logs out", async ({ page }) => {
  const email = `reg-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  // A guest on their way to the Fashion shelf.
  await page.goto("/login?redirectTo=%2Fshop%3Fcategory%3DFashion");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register\?redirectTo=%2Fshop%3Fcategory%3DFashion$/);

  await page.getByLabel("First name").fill("Kavya");
  await page.getByLabel("Last name").fill("Menon");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("kavya-passphrase");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Please accept the terms and conditions.")).toBeVisible();

  await page.getByLabel("I accept the terms and conditions.").check();
  await page.getByLabel("Password").fill("kavya-passphrase");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(toast(page, "Registration successful! Please log in.")).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fshop%3Fcategory%3DFashion$/);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("kavya-passphrase");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast(page, "Login successful! Welcome back.")).toBeVisible();
  await expect(page).toHaveURL(/\/shop\?category=Fashion$/);

  const cookies = await page.context().cookies();
  const session = cookies.find((cookie) => cookie.name === "__session");
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  // The token is nowhere in the page.
  expect(await page.content()).not.toContain(session!.value);

  await page.goto("/");
  await page
    .locator("form[action='/logout'] button")
    .first()
    .evaluate((button: HTMLButtonElement) => button.form!.requestSubmit());
  await expect(toast(page, "You have been logged out successfully.")).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === "__session")).toBe(false);
});

test("a wrong password says why, keeps the email and clears the password", async ({ page, request }) => {
  const shopper = await createShopper(request);
  await page.goto("/login");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  // Said twice: above the form, and as the toast (docs/decisions/014-spec-texts.md).
  await expect(
    page.locator("form").getByRole("alert").filter({ hasText: "Login failed: Invalid email or password." }),
  ).toBeVisible();
  await expect(page.locator(".toast").filter({ hasText: "Login failed: Invalid email or password." })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(shopper.email);
  await expect(page.getByLabel("Password")).toHaveValue("");
});

test("a password typed again before the page has hydrated is kept, and signs in", async ({
  page,
  request,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "without JavaScript nothing hydrates");
  const shopper = await createShopper(request);
  // The scripts are held back, as on a slow phone: the wrong password is posted by the browser
  // itself, and the right one is typed into the answer's page before React hydrates it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/login");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.locator("form").getByRole("alert")).toHaveText("Login failed: Invalid email or password.");
  await page.getByLabel("Password").fill(shopper.password);
  release();
  await ready(page);
  await expect(page.getByLabel("Password")).toHaveValue(shopper.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(toast(page, "Login successful! Welcome back.")).toBeVisible();
});

test("a signed-in shopper who opens /login goes straight on", async ({ page, request }) => {
  const shopper = await createShopper(request);
  await signInWithForm(page, shopper);
  await page.goto("/login?redirectTo=%2Fshop");
  await expect(page).toHaveURL(/\/shop$/);
});

test("a cross-site form post is refused", async ({ page, request, baseURL }) => {
  const shopper = await createShopper(request);
  await signIn(page, shopper);
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const forged = await request.post("/logout", {
    headers: { origin: "https://evil.example", cookie, "content-type": "application/x-www-form-urlencoded" },
    data: "",
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(400);
  // The same post from the shop itself works.
  const own = await request.post("/logout", {
    headers: { origin: baseURL!, cookie, "content-type": "application/x-www-form-urlencoded" },
    data: "",
    maxRedirects: 0,
  });
  expect(own.status()).toBe(303);
});
