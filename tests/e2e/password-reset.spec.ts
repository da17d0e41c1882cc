import { expect, type Page, test } from "./support/test";
import { mailTo } from "./support/mail";
import { createShopper, signIn, signInWithForm, type TestShopper } from "./support/shoppers";

// Issue 22, item 3: a forgotten password, a change of email, and a registration with a taken
// email, with JavaScript on and off; the links are read out of the mail the shop sent.

// Each flow waits for two or three messages to arrive and hashes passwords: more than the default budget.
test.beforeEach(() => test.slow());

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const LINK_SENT = "If an account exists for that email, we have sent a link.";

/** The link of the message's text that starts with `path`, as a path on this site. */
function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^/\\s]+(${path}\\?token=[A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in the message`);
  return match[1];
}

/** Signs in and asks Edit Profile for the email `next`: the answer is the same whoever has it. */
async function askForNewEmail(page: Page, shopper: TestShopper, next: string) {
  await signIn(page, shopper, "/myaccount/profile/edit");
  await page.getByLabel("Email").fill(next);
  await page.getByLabel("Current password").fill(shopper.password);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    toast(page, `Profile updated successfully. We sent a link to ${next}: your email changes when you open it.`),
  ).toBeVisible();
}

test("a shopper who forgot the password asks for a link, sets a new one from the email and signs in with it", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request);
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status").filter({ hasText: LINK_SENT })).toBeVisible();

  // An email with no account gets the very same page.
  await page.getByLabel("Email").fill(`nobody-${Date.now()}@example.test`);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status").filter({ hasText: LINK_SENT })).toBeVisible();

  const mail = await mailTo(request, shopper.email, /reset your password/);
  const link = linkIn(mail.text, "/reset-password");
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-pass");
  await page.getByLabel("Confirm new password").fill("a-different-pass");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText("The passwords do not match")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a-brand-new-pass");
  await page.getByLabel("Confirm new password").fill("a-brand-new-pass");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(toast(page, "Your password has been changed. Please log in with your new password.")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await mailTo(request, shopper.email, /your password was changed/);

  await signInWithForm(page, { ...shopper, password: "a-brand-new-pass" });

  // The link works once: opened again, it says so and offers a new one.
  await page.goto(link);
  await expect(page.getByRole("alert")).toHaveText("This link has already been used. Please ask for a new one.");
  await page.getByRole("link", { name: "Ask for a new link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("a link that is not one says so, and a new password signs out the other sessions", async ({
  page,
  request,
  browser,
}) => {
  await page.goto("/reset-password?token=not-a-real-token");
  await expect(page.getByRole("alert")).toHaveText(
    "This link is not valid. Check that you copied all of it, or ask for a new one.",
  );

  const shopper = await createShopper(request);
  // Signed in on another device.
  const other = await browser.newContext({
    baseURL: String(test.info().project.use.baseURL),
    javaScriptEnabled: test.info().project.use.javaScriptEnabled,
  });
  const otherPage = await other.newPage();
  await signIn(otherPage, shopper, "/myaccount/profile");

  await page.goto("/forgot-password");
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByRole("status").filter({ hasText: LINK_SENT })).toBeVisible();
  await page.goto(linkIn((await mailTo(request, shopper.email, /reset your password/)).text, "/reset-password"));
  await page.getByLabel("New password", { exact: true }).fill("another-new-pass");
  await page.getByLabel("Confirm new password").fill("another-new-pass");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await otherPage.goto("/myaccount/profile");
  await expect(otherPage).toHaveURL(/\/login\?redirectTo=/);
  await other.close();
});

test("a shopper changes the email: the link goes to the new address, a notice to the old, and the change waits for the link", async ({
  page,
  request,
}) => {
  const shopper = await createShopper(request);
  const next = `moved-${shopper.email}`;
  await askForNewEmail(page, shopper, next);
  await mailTo(request, shopper.email, /a change of your email address was requested/);

  const mail = await mailTo(request, next, /confirm your new email address/);
  await page.goto(linkIn(mail.text, "/confirm-email"));
  await expect(page.getByText(`New email: ${next}`)).toBeVisible();
  await page.getByRole("button", { name: "Confirm new email" }).click();
  await expect(toast(page, `Your email address has been changed. You sign in with ${next} from now on.`)).toBeVisible();
  await expect(page).toHaveURL(/\/myaccount\/profile$/);
  await expect(page.getByText(next).first()).toBeVisible();
  await mailTo(request, shopper.email, /your email address was changed/);
});

test("an email that has an account is answered alike, and only its owner hears of it, in a message", async ({
  page,
  request,
}) => {
  const owner = await createShopper(request);
  const shopper = await createShopper(request);
  await askForNewEmail(page, shopper, owner.email);
  const taken = await mailTo(request, owner.email, /this address already has an account/);
  expect(taken.text).not.toContain("token=");

  // Registering with the owner's address reads as a success too; the owner is told.
  const guest = await page
    .context()
    .browser()!
    .newContext({
      baseURL: String(test.info().project.use.baseURL),
      javaScriptEnabled: test.info().project.use.javaScriptEnabled,
    });
  const register = await guest.newPage();
  await register.goto("/register");
  await register.getByLabel("First name").fill("Someone");
  await register.getByLabel("Last name").fill("Else");
  await register.getByLabel("Email").fill(owner.email);
  await register.getByLabel("Password").fill("someone-elses-pass");
  await register.getByLabel("I accept the terms and conditions.").check();
  await register.getByRole("button", { name: "Register" }).click();
  await expect(toast(register, "Registration successful! Please log in.")).toBeVisible();
  const notice = await mailTo(request, owner.email, /someone tried to register with your address/);
  expect(notice.text).toContain("Did you forget your password?");
  await guest.close();
});
