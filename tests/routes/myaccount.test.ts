import { MOBILE_MESSAGE } from "../../api/contract/mobile";
import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { loader as accountLoader } from "../../app/routes/myaccount";
import { loader as indexLoader } from "../../app/routes/myaccount._index";
import { action as addressesAction } from "../../app/routes/myaccount.addresses";
import {
  action as editAddressAction,
  loader as editAddressLoader,
} from "../../app/routes/myaccount.addresses.$addressId.edit";
import { action as newAddressAction } from "../../app/routes/myaccount.addresses.new";
import { action as misspeltAction, loader as misspeltLoader } from "../../app/routes/myaccount.addressess";
import { action as editProfileAction } from "../../app/routes/myaccount.profile.edit";
import { action as settingsAction } from "../../app/routes/myaccount.settings";
import { createTestApi } from "../api/helpers";
import { CURRENT_PASSWORD_FOR_EMAIL } from "../../app/lib/account/account-schemas";
import { formPost, loadContext, nextCookies, pageGet, settle, signedInShopper, TEST_PHONE } from "./harness";

/** An address saved without the courier's fields (the form's blank ones are cleared). */
const none = { name: null, mobile: null, landmark: null, label: null };

const api = await createTestApi();
const context = loadContext(api);

type Handler = (args: never) => unknown;
const post = (
  handler: Handler,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  params: Record<string, string> = {},
) => settle(() => handler({ request: formPost(path, fields, cookie), params, context } as never));
const get = (handler: Handler, path: string, cookie?: string, params: Record<string, string> = {}) =>
  settle(() => handler({ request: pageGet(path, cookie), params, context } as never));

/** The toast the next page shows after an answer. */
async function toastAfter(answer: { headers: Headers }, cookie: string) {
  const page = await get(rootLoader as Handler, "/", nextCookies(answer.headers, cookie));
  return page.data.toast;
}

async function profileOf(cookie: string) {
  const page = await get(accountLoader as Handler, "/myaccount/profile", cookie);
  expect(page.status).toBe(200);
  return page.data.user;
}

const home = {
  locality: "12 MG Road, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  zipcode: "560038",
  country: "India",
};
const office = {
  locality: "4th Floor, Cyber Towers",
  city: "Hyderabad",
  state: "Telangana",
  zipcode: "500081",
  country: "India",
};

async function withAddresses(...list: (typeof home)[]) {
  const shopper = await signedInShopper(api);
  for (const address of list) {
    const answer = await post(newAddressAction as Handler, "/myaccount/addresses/new", address, shopper.cookie);
    expect(answer.status, JSON.stringify(answer.data)).toBe(303);
  }
  return {
    ...shopper,
    addresses: (await profileOf(shopper.cookie)).address as { _id: string; isActive: boolean; city: string }[],
  };
}

describe("the account layout's guard", () => {
  it("sends a guest to /login with this page as redirectTo", async () => {
    const page = await get(accountLoader as Handler, "/myaccount/addresses?x=1");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/login?redirectTo=%2Fmyaccount%2Faddresses%3Fx%3D1");
  });

  it("answers the profile and the name for a signed-in shopper", async () => {
    const { cookie, email, userId } = await signedInShopper(api, { firstName: "Kiran", lastName: "Das" });
    const page = await get(accountLoader as Handler, "/myaccount/profile", cookie);
    expect(page.data.name).toBe("Kiran Das");
    expect(page.data.user).toMatchObject({ id: userId, email, phone: TEST_PHONE, address: [] });
    expect(JSON.stringify(page.data)).not.toMatch(/token|password/i);
  });

  it("signs the browser out when the API no longer accepts its token", async () => {
    const { cookie } = await signedInShopper(api);
    await post(settingsAction as Handler, "/myaccount/settings", { intent: "logout-all" }, cookie);
    const page = await get(accountLoader as Handler, "/myaccount/orders", cookie);
    expect(page.status).toBe(302);
    expect(page.location).toBe("/login?redirectTo=%2Fmyaccount%2Forders");
    expect(nextCookies(page.headers, cookie)).not.toContain("__session=");
  });

  it("guards actions too: a guest's post goes to /login", async () => {
    const answer = await post(editProfileAction as Handler, "/myaccount/profile/edit", {
      name: "X",
      email: "x@example.test",
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/login?redirectTo=%2Fmyaccount%2Fprofile%2Fedit");
  });

  it("sends /myaccount to the profile and the misspelt /myaccount/addressess to /myaccount/addresses", async () => {
    expect((await get(indexLoader as Handler, "/myaccount")).location).toBe("/myaccount/profile");
    const misspelt = await get(misspeltLoader as Handler, "/myaccount/addressess?a=1", undefined, { "*": "" });
    expect(misspelt.status).toBe(308);
    expect(misspelt.location).toBe("/myaccount/addresses?a=1");
    const nested = await post(misspeltAction as Handler, "/myaccount/addressess/new", {}, undefined, { "*": "new" });
    expect(nested.status).toBe(308);
    expect(nested.location).toBe("/myaccount/addresses/new");
  });
});

describe("Edit Profile", () => {
  const edit = (fields: Record<string, string>, cookie: string) =>
    post(editProfileAction as Handler, "/myaccount/profile/edit", fields, cookie);

  it("saves name, email and phone for the shopper's own id and says so", async () => {
    const { cookie, email, password } = await signedInShopper(api);
    const newEmail = `new-${email}`;
    const answer = await edit(
      { name: "Asha R. Rao", email: newEmail, phone: "98765 43210", currentPassword: password },
      cookie,
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/myaccount/profile");
    expect(await toastAfter(answer, cookie)).toEqual({
      type: "success",
      message: `Profile updated successfully. We sent a link to ${newEmail}: your email changes when you open it.`,
    });
    // The email changes once the link sent to it is used (tests/api/password-reset.test.ts).
    expect(await profileOf(cookie)).toMatchObject({
      name: "Asha R. Rao",
      email,
      phone: "9876543210",
      country_code: "91",
    });
  });

  it("removes the phone when it is left empty", async () => {
    const { cookie, email } = await signedInShopper(api);
    await edit({ name: "Asha", email, phone: "9876543210" }, cookie);
    expect((await edit({ name: "Asha", email, phone: "" }, cookie)).status).toBe(303);
    expect((await profileOf(cookie)).phone).toBeNull();
  });

  it("never takes the user id from the form", async () => {
    const victim = await signedInShopper(api);
    const { cookie, email, userId } = await signedInShopper(api);
    const answer = await edit({ name: "Mallory", email, id: victim.userId, userId: victim.userId }, cookie);
    expect(answer.status).toBe(303);
    expect((await profileOf(cookie)).id).toBe(userId);
    expect((await profileOf(victim.cookie)).name).toBe("Asha Rao");
  });

  it.each([
    ["name", "  ", "Enter your name"],
    ["email", "not-an-email", "Enter a valid email address"],
    ["phone", "12345", MOBILE_MESSAGE],
    ["phone", "98765abcde", MOBILE_MESSAGE],
    ["phone", "5876543210", MOBILE_MESSAGE],
  ])("refuses a bad %s with its own message", async (field, value, message) => {
    const { cookie, email } = await signedInShopper(api);
    const answer = await edit({ name: "Asha", email, phone: "", [field]: value }, cookie);
    expect(answer.status).toBe(400);
    expect(answer.data.result.error[field]).toEqual([message]);
  });

  it("answers a taken email exactly as a free one: the page never says it has an account", async () => {
    const other = await signedInShopper(api);
    const { cookie, email, password } = await signedInShopper(api);
    const target = other.email.toUpperCase();
    const answer = await edit({ name: "Asha", email: target, currentPassword: password }, cookie);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/myaccount/profile");
    expect(await toastAfter(answer, cookie)).toEqual({
      type: "success",
      message: `Profile updated successfully. We sent a link to ${target}: your email changes when you open it.`,
    });
    expect((await profileOf(cookie)).email).toBe(email);
  });

  it("checks the phone against the shopper's own country code", async () => {
    const { cookie, email, userId } = await signedInShopper(api);
    // Outside India the form allows 4 to 15 digits; the API is asked with the stored country code.
    const token = (
      await api.call("POST", "/userapp/auth/login", { body: { username: email, password: "correct horse battery" } })
    ).body.data.token;
    await api.call("PUT", `/userapp/user/update/${userId}`, { token, body: { country_code: "44" } });
    const answer = await edit({ name: "Asha", email, phone: "123" }, cookie);
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.phone).toEqual(["A phone number has 4 to 15 digits"]);
    expect((await edit({ name: "Asha", email, phone: "2079460000" }, cookie)).status).toBe(303);
    expect((await profileOf(cookie)).phone).toBe("2079460000");
  });
});

describe("Edit Profile: a new email takes the current password", () => {
  const edit = (fields: Record<string, string>, cookie: string) =>
    post(editProfileAction as Handler, "/myaccount/profile/edit", fields, cookie);

  it("asks for it on the field when the email changes and it is left empty, and changes nothing", async () => {
    const { cookie, email } = await signedInShopper(api);
    for (const currentPassword of [undefined, ""]) {
      const fields: Record<string, string> = { name: "Asha", email: `moved-${email}`, phone: "" };
      if (currentPassword !== undefined) fields.currentPassword = currentPassword;
      const answer = await edit(fields, cookie);
      expect(answer.status).toBe(400);
      expect(answer.data.result.error.currentPassword).toEqual([CURRENT_PASSWORD_FOR_EMAIL]);
      // The other fields keep what was typed.
      expect(answer.data.result.initialValue.email).toBe(`moved-${email}`);
    }
    expect((await profileOf(cookie)).email).toBe(email);
  });

  it("puts a wrong password on its field, never echoes it, and changes nothing", async () => {
    const { cookie, email } = await signedInShopper(api);
    const answer = await edit(
      { name: "Asha", email: `moved-${email}`, phone: "", currentPassword: "not my password" },
      cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.currentPassword).toEqual(["Current password is incorrect."]);
    expect(answer.data.result.error[""]).toEqual(["Failed to update profile: Current password is incorrect."]);
    expect(JSON.stringify(answer.data)).not.toContain("not my password");
    expect((await profileOf(cookie)).email).toBe(email);
  });

  it("needs none when the email stays, or only its case changes", async () => {
    const { cookie, email } = await signedInShopper(api);
    expect((await edit({ name: "Asha Rao", email, phone: "" }, cookie)).status).toBe(303);
    expect((await edit({ name: "Asha Rao", email: email.toUpperCase(), phone: "" }, cookie)).status).toBe(303);
    expect((await profileOf(cookie)).email).toBe(email.toUpperCase());
  });

  it("takes 3 changes of email an hour, then shows the wait as a form error and keeps what was typed", async () => {
    const { cookie, email, password } = await signedInShopper(api);
    const moveTo = (n: number) =>
      edit({ name: "Asha", email: `moved${n}-${email}`, phone: "", currentPassword: password }, cookie);
    for (let n = 1; n <= 3; n++) expect((await moveTo(n)).status).toBe(303);
    const refused = await moveTo(4);
    expect(refused.status).toBe(429);
    expect(refused.data.result.error[""]).toEqual([
      expect.stringMatching(
        /^Failed to update profile: Too many email changes\. Please wait \d+ minutes? and try again\.$/,
      ),
    ]);
    expect(refused.data.result.initialValue.email).toBe(`moved4-${email}`);
    expect((await profileOf(cookie)).email).toBe(email);
  });

  it("counts wrong passwords toward the sign-in limit of the shopper's address, shown as a form error", async () => {
    const { cookie, email, password } = await signedInShopper(api);
    const fromHome = loadContext(api, "203.0.113.44");
    const editFrom = (currentPassword: string) =>
      settle(() =>
        editProfileAction({
          request: formPost(
            "/myaccount/profile/edit",
            { name: "Asha", email: `moved-${email}`, phone: "", currentPassword },
            cookie,
          ),
          params: {},
          context: fromHome,
        } as never),
      );
    for (let i = 0; i < 5; i++) expect((await editFrom(`guess ${i}`)).status).toBe(400);
    const refused = await editFrom(password);
    expect(refused.status).toBe(429);
    expect(refused.data.result.error[""]).toEqual([
      expect.stringMatching(/^Failed to update profile: Too many failed sign-in attempts/),
    ]);
    expect((await profileOf(cookie)).email).toBe(email);
  });
});

describe("addresses", () => {
  it("adds addresses: the first becomes the primary one", async () => {
    const shopper = await signedInShopper(api);
    const answer = await post(
      newAddressAction as Handler,
      "/myaccount/addresses/new",
      { ...home, locality: ` ${home.locality} ` },
      shopper.cookie,
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/myaccount/addresses");
    expect(await toastAfter(answer, shopper.cookie)).toEqual({
      type: "success",
      message: "Address added successfully!",
    });
    await post(newAddressAction as Handler, "/myaccount/addresses/new", office, shopper.cookie);
    const { address } = await profileOf(shopper.cookie);
    expect(address).toEqual([
      { ...home, _id: expect.any(String), isActive: true, ...none },
      { ...office, _id: expect.any(String), isActive: false, ...none },
    ]);
  });

  it.each([
    ["locality", "", "Enter the locality"],
    ["city", "", "Enter the city"],
    ["state", "Gondwana", "Choose a state"],
    ["zipcode", "5600", "Enter a 6-digit PIN code"],
    ["country", "", "Enter the country"],
  ])("refuses an address with a bad %s", async (field, value, message) => {
    const shopper = await signedInShopper(api);
    const answer = await post(
      newAddressAction as Handler,
      "/myaccount/addresses/new",
      { ...home, [field]: value },
      shopper.cookie,
    );
    expect(answer.status).toBe(400);
    expect(answer.data.result.error[field]).toEqual([message]);
    expect((await profileOf(shopper.cookie)).address).toEqual([]);
  });

  it("says why the API refused an address ('Failed to add address: …')", async () => {
    const shopper = await signedInShopper(api);
    // A 21st address is over the API's limit of 20.
    const token = (
      await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } })
    ).body.data.token;
    await api.call("PUT", `/userapp/user/update/${shopper.userId}`, {
      token,
      body: { address: Array.from({ length: 20 }, () => home) },
    });
    const answer = await post(newAddressAction as Handler, "/myaccount/addresses/new", office, shopper.cookie);
    expect(answer.status).toBe(422);
    expect(answer.data.result.error[""]).toEqual([
      "Failed to add address: Invalid input: address: At most 20 addresses",
    ]);
  });

  it("edits an address in place, keeping its id and primary flag", async () => {
    const shopper = await withAddresses(home, office);
    const [first, second] = shopper.addresses;
    const page = await get(editAddressLoader as Handler, `/myaccount/addresses/${first._id}/edit`, shopper.cookie, {
      addressId: first._id,
    });
    expect(page.data.address).toMatchObject(home);
    const answer = await post(
      editAddressAction as Handler,
      `/myaccount/addresses/${first._id}/edit`,
      { ...home, city: "Mysuru", zipcode: "570001" },
      shopper.cookie,
      { addressId: first._id },
    );
    expect(answer.status).toBe(303);
    expect(await toastAfter(answer, shopper.cookie)).toEqual({
      type: "success",
      message: "Address updated successfully!",
    });
    expect((await profileOf(shopper.cookie)).address).toEqual([
      { ...home, city: "Mysuru", zipcode: "570001", _id: first._id, isActive: true, ...none },
      { ...office, _id: second._id, isActive: false, ...none },
    ]);
  });

  it("answers 404 for another shopper's address id, in the loader and the action, and changes nothing", async () => {
    const victim = await withAddresses(home);
    const attacker = await withAddresses(office);
    const theirs = victim.addresses[0]._id;
    const page = await get(editAddressLoader as Handler, `/myaccount/addresses/${theirs}/edit`, attacker.cookie, {
      addressId: theirs,
    });
    expect(page.status).toBe(404);
    const answer = await post(
      editAddressAction as Handler,
      `/myaccount/addresses/${theirs}/edit`,
      office,
      attacker.cookie,
      { addressId: theirs },
    );
    expect(answer.status).toBe(404);
    const primary = await post(
      addressesAction as Handler,
      "/myaccount/addresses",
      { intent: "primary", addressId: theirs },
      attacker.cookie,
    );
    expect(await toastAfter(primary, attacker.cookie)).toEqual({
      type: "error",
      message: "Failed to set address as primary: Address not found",
    });
    const removed = await post(
      addressesAction as Handler,
      "/myaccount/addresses",
      { intent: "delete", addressId: theirs, confirmed: "yes" },
      attacker.cookie,
    );
    expect(await toastAfter(removed, attacker.cookie)).toEqual({
      type: "error",
      message: "Failed to delete address: Address not found",
    });
    expect((await profileOf(victim.cookie)).address).toEqual([{ ...home, _id: theirs, isActive: true, ...none }]);
    expect((await profileOf(attacker.cookie)).address).toHaveLength(1);
  });

  it("sets an address as primary", async () => {
    const shopper = await withAddresses(home, office);
    const second = shopper.addresses[1]._id;
    const answer = await post(
      addressesAction as Handler,
      "/myaccount/addresses",
      { intent: "primary", addressId: second },
      shopper.cookie,
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/myaccount/addresses");
    expect(await toastAfter(answer, shopper.cookie)).toEqual({
      type: "success",
      message: "Address set as primary successfully",
    });
    expect((await profileOf(shopper.cookie)).address.map((a: { isActive: boolean }) => a.isActive)).toEqual([
      false,
      true,
    ]);
  });

  it("asks before deleting, then deletes; the next address becomes the primary one", async () => {
    const shopper = await withAddresses(home, office);
    const [first, second] = shopper.addresses;
    const ask = await post(
      addressesAction as Handler,
      "/myaccount/addresses",
      { intent: "delete", addressId: first._id },
      shopper.cookie,
    );
    expect(ask.status).toBe(303);
    expect(ask.location).toBe(`/myaccount/addresses?delete=${first._id}#address-${first._id}`);
    expect((await profileOf(shopper.cookie)).address).toHaveLength(2);

    const answer = await post(
      addressesAction as Handler,
      "/myaccount/addresses",
      { intent: "delete", addressId: first._id, confirmed: "yes" },
      shopper.cookie,
    );
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/myaccount/addresses");
    expect(await toastAfter(answer, shopper.cookie)).toEqual({ type: "success", message: "Address deleted" });
    expect((await profileOf(shopper.cookie)).address).toEqual([
      { ...office, _id: second._id, isActive: true, ...none },
    ]);
  });

  it("refuses an unknown intent", async () => {
    const shopper = await signedInShopper(api);
    expect(
      (await post(addressesAction as Handler, "/myaccount/addresses", { intent: "wipe" }, shopper.cookie)).status,
    ).toBe(400);
  });
});

describe("settings", () => {
  const settings = (fields: Record<string, string>, cookie: string) =>
    post(settingsAction as Handler, "/myaccount/settings", fields, cookie);
  const valid = {
    intent: "password",
    currentPassword: "correct horse battery",
    newPassword: "a new passphrase",
    confirmPassword: "a new passphrase",
  };

  it("changes the password; this browser stays signed in, other sessions end", async () => {
    const shopper = await signedInShopper(api);
    const other = (
      await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } })
    ).body.data.token;
    const answer = await settings(valid, shopper.cookie);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/myaccount/settings");
    expect(await toastAfter(answer, shopper.cookie)).toEqual({
      type: "success",
      message: "Password changed successfully. Other devices have been signed out.",
    });
    expect((await get(accountLoader as Handler, "/myaccount/settings", shopper.cookie)).status).toBe(200);
    expect((await api.call("GET", "/userapp/user/me", { token: other })).status).toBe(401);
    const signIn = await api.call("POST", "/userapp/auth/login", {
      body: { username: shopper.email, password: valid.newPassword },
    });
    expect(signIn.status).toBe(200);
  });

  it.each([
    ["currentPassword", { currentPassword: "" }, "Enter your current password"],
    ["newPassword", { newPassword: "short", confirmPassword: "short" }, "At least 8 characters"],
    ["confirmPassword", { confirmPassword: "something else" }, "The passwords do not match"],
  ])("refuses a bad %s and never echoes a password", async (field, change, message) => {
    const shopper = await signedInShopper(api);
    const answer = await settings({ ...valid, ...change }, shopper.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data.result.error[field]).toEqual([message]);
    expect(JSON.stringify(answer.data.result.initialValue ?? {})).not.toMatch(/correct horse|passphrase/);
  });

  it("puts a wrong current password onto its field", async () => {
    const shopper = await signedInShopper(api);
    const answer = await settings({ ...valid, currentPassword: "not my password" }, shopper.cookie);
    expect(answer.status).toBe(400);
    expect(answer.data.result.error.currentPassword).toEqual(["Current password is incorrect."]);
    expect(answer.data.result.error[""]).toEqual(["Failed to change password: Current password is incorrect."]);
    const signIn = await api.call("POST", "/userapp/auth/login", {
      body: { username: shopper.email, password: shopper.password },
    });
    expect(signIn.status).toBe(200);
  });

  it("signs out of all devices: every token revoked and this browser's cookie cleared", async () => {
    const shopper = await signedInShopper(api);
    const other = (
      await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } })
    ).body.data.token;
    const answer = await settings({ intent: "logout-all" }, shopper.cookie);
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/");
    const after = nextCookies(answer.headers, shopper.cookie);
    expect(after).not.toContain("__session=");
    expect(await toastAfter(answer, shopper.cookie)).toEqual({
      type: "success",
      message: "You have been logged out of all devices.",
    });
    expect((await api.call("GET", "/userapp/user/me", { token: other })).status).toBe(401);
    // The old cookie, if a copy was kept, is worthless too.
    expect((await get(accountLoader as Handler, "/myaccount/profile", shopper.cookie)).status).toBe(302);
  });
});
