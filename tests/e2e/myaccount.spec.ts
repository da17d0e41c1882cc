import { expect, type Page, test } from "./support/test";
import { createShopper, signIn, signedIn } from "./support/shoppers";

// Issue 4, item 4: the account area (profile, addresses, settings) with JavaScript on and off.
// With JavaScript Edit Profile and Add/Edit Address open as dialogs over their page; without it
// they are pages of their own, and deleting an address asks on the page instead of in confirm().

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const errorToast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });
const main = (page: Page) => page.locator("main");
const js = (_page: Page) => Promise.resolve(test.info().project.use.javaScriptEnabled !== false);

/**
 * The form's dialog: modal with JavaScript, an open dialog in the page's flow without it. A link
 * followed before the page hydrated loads the form's page, open in the flow until it hydrates
 * and becomes the modal: so the modal is waited for.
 */
async function expectFormShown(page: Page, title: string, withJs: boolean) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect.poll(() => dialog.evaluate((element) => element.matches(":modal"))).toBe(withJs);
  return dialog;
}

async function addAddress(
  page: Page,
  withJs: boolean,
  fields: { locality: string; city: string; state: string; zipcode: string },
) {
  await main(page).getByRole("link", { name: "Add New Address" }).click();
  await expect(page).toHaveURL(/\/myaccount\/addresses\/new$/);
  const form = await expectFormShown(page, "Add/Edit Address", withJs);
  await form.getByLabel("Locality").fill(fields.locality);
  await form.getByLabel("City").fill(fields.city);
  await form.getByLabel("State").selectOption(fields.state);
  await form.getByLabel("PIN code").fill(fields.zipcode);
  await expect(form.getByLabel("Country")).toHaveValue("India");
  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(toast(page, "Address added successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/myaccount\/addresses$/);
}

test("a guest opening /myaccount/addresses signs in and lands back there", async ({ page, request }) => {
  const shopper = await createShopper(request);
  await page.goto("/myaccount/addresses");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmyaccount%2Faddresses$/);
  await page.getByLabel("Email").fill(shopper.email);
  await page.getByLabel("Password").fill(shopper.password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/myaccount\/addresses$/);
  await expect(page.getByRole("heading", { name: "Saved Addresses" })).toBeVisible();
  await expect(main(page).getByText("No addresses saved yet.")).toBeVisible();
  // The misspelt /myaccount/addressess still leads here.
  await page.goto("/myaccount/addressess");
  await expect(page).toHaveURL(/\/myaccount\/addresses$/);
});

test("the sidebar leads to every section; /myaccount opens the profile", async ({ page, request }) => {
  await signedIn(page, request, "/myaccount");
  await expect(page).toHaveURL(/\/myaccount\/profile$/);
  const sidebar = page
    .getByRole("complementary")
    .filter({ has: page.getByRole("heading", { name: "Account Details" }) });
  for (const [name, path] of [
    ["Addresses", "/myaccount/addresses"],
    ["Settings", "/myaccount/settings"],
    ["Profile", "/myaccount/profile"],
  ]) {
    await sidebar.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await expect(sidebar.getByRole("link", { name: "Orders" })).toHaveAttribute("href", "/myaccount/orders");
  await sidebar.getByRole("button", { name: "Logout" }).click();
  await expect(toast(page, "You have been logged out successfully.")).toBeVisible();
  await page.goto("/myaccount/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmyaccount%2Fprofile$/);
});

test("the profile shows the shopper; Edit Profile saves name, email and phone", async ({ page, request }) => {
  const shopper = await signedIn(page, request, "/myaccount/profile", { withoutMobile: true });
  const withJs = await js(page);
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
  await expect(main(page).getByText("AR", { exact: true })).toBeVisible();
  await expect(page.locator("[data-profile=name]")).toHaveText("Asha Rao");
  await expect(page.locator("[data-profile=email]")).toHaveText(shopper.email);
  await expect(page.locator("[data-profile=phone]")).toHaveText("Not added");
  await expect(main(page).getByText("Current Address :")).toBeVisible();
  await expect(page.locator("[data-profile=address]")).toHaveText("No address available");

  await main(page).getByRole("link", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(/\/myaccount\/profile\/edit$/);
  let form = await expectFormShown(page, "Edit Profile", withJs);
  await expect(form.getByLabel("Name")).toHaveValue("Asha Rao");
  await expect(form.getByLabel("Email")).toHaveAttribute("type", "email");
  await expect(form.getByLabel("Phone (+91)")).toHaveAttribute("inputmode", "tel");

  if (withJs) {
    // Escape goes back to the profile.
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/myaccount\/profile$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  } else {
    await form.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/myaccount\/profile$/);
  }
  await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();

  await main(page).getByRole("link", { name: "Edit Profile" }).click();
  form = await expectFormShown(page, "Edit Profile", withJs);
  await form.getByLabel("Phone (+91)").fill("12345");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByText("Enter a 10-digit mobile number starting with 6, 7, 8 or 9")).toBeVisible();

  // A new email is the sign-in name: it takes the current password, and a wrong one is refused on its field.
  const email = `renamed-${shopper.email}`;
  await form.getByLabel("Name").fill("Asha Kumari Rao");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone (+91)").fill("98765 43210");
  await form.getByLabel("Current password").fill("not-the-password");
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(form.getByText("Current password is incorrect.", { exact: true })).toBeVisible();
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Current password").fill(shopper.password);
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    toast(page, `Profile updated successfully. We sent a link to ${email}: your email changes when you open it.`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/myaccount\/profile$/);
  await expect(page.locator("[data-profile=name]")).toHaveText("Asha Kumari Rao");
  // The email changes when the link sent to it is used (password-reset.spec.ts).
  await expect(page.locator("[data-profile=email]")).toHaveText(shopper.email);
  await expect(page.locator("[data-profile=phone]")).toHaveText("+91 9876543210");
});

test("addresses: add, set as primary, edit and delete", async ({ page, request }) => {
  await signedIn(page, request, "/myaccount/addresses");
  const withJs = await js(page);
  await expect(main(page).getByText("No addresses saved yet.")).toBeVisible();

  // A refused form keeps what was typed and says what is wrong.
  await main(page).getByRole("link", { name: "Add New Address" }).click();
  const form = await expectFormShown(page, "Add/Edit Address", withJs);
  await form.getByLabel("Locality").fill("12 MG Road");
  await form.getByLabel("City").fill("Bengaluru");
  await form.getByLabel("PIN code").fill("5600");
  await form.getByRole("button", { name: "Save Address" }).click();
  await expect(form.getByText("Choose a state")).toBeVisible();
  await expect(form.getByText("Enter a 6-digit PIN code")).toBeVisible();
  await expect(form.getByLabel("Locality")).toHaveValue("12 MG Road");
  await page.goto("/myaccount/addresses");

  await addAddress(page, withJs, { locality: "12 MG Road", city: "Bengaluru", state: "Karnataka", zipcode: "560001" });
  await addAddress(page, withJs, {
    locality: "22 Park Street",
    city: "Kolkata",
    state: "West Bengal",
    zipcode: "700016",
  });
  const bengaluru = main(page).getByRole("listitem", { name: /Bengaluru/ });
  const kolkata = main(page).getByRole("listitem", { name: /Kolkata/ });
  await expect(bengaluru.getByText("Primary", { exact: true })).toBeVisible();
  await expect(kolkata.getByText("Primary", { exact: true })).toHaveCount(0);

  await kolkata.getByRole("button", { name: "Set as primary" }).click();
  await expect(toast(page, "Address set as primary successfully")).toBeVisible();
  await expect(kolkata.getByText("Primary", { exact: true })).toBeVisible();
  await expect(bengaluru.getByRole("button", { name: "Set as primary" })).toBeVisible();

  await bengaluru.getByRole("link", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/myaccount\/addresses\/[0-9a-f]{24}\/edit$/);
  const edit = await expectFormShown(page, "Add/Edit Address", withJs);
  await expect(edit.getByLabel("State")).toHaveValue("Karnataka");
  await edit.getByLabel("City").fill("Mysuru");
  await edit.getByLabel("PIN code").fill("570001");
  await edit.getByRole("button", { name: "Save Address" }).click();
  await expect(toast(page, "Address updated successfully!")).toBeVisible();
  const mysuru = main(page).getByRole("listitem", { name: /Mysuru/ });
  await expect(mysuru).toContainText("Mysuru, Karnataka 570001");

  if (withJs) {
    page.once("dialog", (dialog) => void dialog.dismiss());
    await kolkata.getByRole("button", { name: "Delete" }).click();
    await expect(kolkata).toBeVisible();
    page.once("dialog", (dialog) => void dialog.accept());
    await kolkata.getByRole("button", { name: "Delete" }).click();
  } else {
    await kolkata.getByRole("button", { name: "Delete" }).click();
    await expect(kolkata.getByText("Delete this address?")).toBeVisible();
    await kolkata.getByRole("button", { name: "Yes, delete" }).click();
  }
  await expect(toast(page, "Address deleted")).toBeVisible();
  await expect(main(page).locator("address")).toHaveCount(1);
  // The remaining address becomes the primary one, and the profile shows it.
  await expect(mysuru.getByText("Primary", { exact: true })).toBeVisible();
  await page.goto("/myaccount/profile");
  await expect(page.locator("[data-profile=address]")).toHaveText("12 MG Road, Mysuru, Karnataka 570001, India");
});

test("settings: change the password, then sign out of all devices", async ({ page, request }) => {
  const shopper = await signedIn(page, request, "/myaccount/settings");
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();

  await page.getByLabel("Current password").fill(shopper.password);
  await page.getByLabel("New password", { exact: true }).fill("a fresh passphrase");
  await page.getByLabel("Confirm new password").fill("a different one");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The passwords do not match")).toBeVisible();

  await page.getByLabel("Current password").fill("not my password");
  await page.getByLabel("New password", { exact: true }).fill("a fresh passphrase");
  await page.getByLabel("Confirm new password").fill("a fresh passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Failed to change password: Current password is incorrect.")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveValue("");

  await page.getByLabel("Current password").fill(shopper.password);
  await page.getByLabel("New password", { exact: true }).fill("a fresh passphrase");
  await page.getByLabel("Confirm new password").fill("a fresh passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Password changed successfully. Other devices have been signed out.")).toBeVisible();
  await expect(page).toHaveURL(/\/myaccount\/settings$/);

  await page.getByRole("button", { name: "Sign out of all devices" }).click();
  await expect(toast(page, "You have been logged out of all devices.")).toBeVisible();
  expect((await page.context().cookies()).some((cookie) => cookie.name === "__session")).toBe(false);
  await page.goto("/myaccount/settings");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmyaccount%2Fsettings$/);
  // The new password is the one that works now.
  await signIn(page, { ...shopper, password: "a fresh passphrase" }, "/myaccount/profile");
  await expect(page).toHaveURL(/\/myaccount\/profile$/);
});

test("a session ended elsewhere signs this browser out of the account pages", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  const shopper = await signedIn(page, request, "/myaccount/profile");
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, shopper, "/myaccount/settings");
  await otherPage.getByRole("button", { name: "Sign out of all devices" }).click();
  await expect(toast(otherPage, "You have been logged out of all devices.")).toBeVisible();
  await other.close();

  await page.goto("/myaccount/addresses");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmyaccount%2Faddresses$/);
  await expect(errorToast(page, "Your session has expired. Please sign in again.")).toBeVisible();
});
