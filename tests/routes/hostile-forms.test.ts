import { describe, expect, it } from "vitest";
import { action as checkoutAction } from "../../app/routes/checkout";
import { action as loginAction } from "../../app/routes/login";
import { action as editAddressAction } from "../../app/routes/myaccount.addresses.$addressId.edit";
import { action as newAddressAction } from "../../app/routes/myaccount.addresses.new";
import { action as editProfileAction } from "../../app/routes/myaccount.profile.edit";
import { action as settingsAction } from "../../app/routes/myaccount.settings";
import { action as registerAction } from "../../app/routes/register";
import { CONTROL_CHARACTER_MESSAGE } from "../../app/lib/forms/plain-text";
import { createTestApi, insertProduct } from "../api/helpers";
import { formPost, loadContext, settle, signedInShopper } from "./harness";

// Control characters typed (or pasted, or forged) into a form field answer that field's error
// on the form, never a failed call to the API: the shared schemas of app/lib refuse them.
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

const HOSTILE = [
  ["NUL", "\u0000"],
  ["BEL", "\u0007"],
  ["ESC", "\u001b"],
  ["DEL", "\u007f"],
] as const;

const home = {
  locality: "12 MG Road, Indiranagar",
  city: "Bengaluru",
  state: "Karnataka",
  zipcode: "560038",
  country: "India",
};
const registration = {
  firstName: "Meera",
  lastName: "Iyer",
  email: "meera@example.test",
  password: "s3cret-passphrase",
  terms: "on",
};

const shopper = await signedInShopper(api);
const login = await api.call("POST", "/userapp/auth/login", {
  body: { username: shopper.email, password: shopper.password },
});
const token: string = login.body.data.token;
expect(
  (await api.call("PUT", `/userapp/user/update/${shopper.userId}`, { token, body: { address: [home] } })).status,
).toBe(200);
const addressId: string = (await api.call("GET", "/userapp/user/me", { token })).body.data.address[0]._id;

// Checkout asks for an inline address only from a shopper without one, with something in the cart.
const buyer = await signedInShopper(api);
const buyerToken: string = (
  await api.call("POST", "/userapp/auth/login", { body: { username: buyer.email, password: buyer.password } })
).body.data.token;
const productId = await insertProduct(api.db);
expect(
  (
    await api.call("POST", "/userapp/cart/create", {
      token: buyerToken,
      body: { products: [{ productId, qty: 1, size: "M" }] },
    })
  ).status,
).toBe(201);

type Form = {
  name: string;
  handler: Handler;
  path: string;
  cookie?: string;
  params?: Record<string, string>;
  fields: Record<string, string>;
  targets: string[];
};

const FORMS: Form[] = [
  {
    name: "login",
    handler: loginAction as Handler,
    path: "/login",
    fields: { email: shopper.email, password: shopper.password },
    targets: ["email", "password"],
  },
  {
    name: "register",
    handler: registerAction as Handler,
    path: "/register",
    fields: registration,
    targets: ["firstName", "lastName", "email", "password"],
  },
  {
    name: "edit profile",
    handler: editProfileAction as Handler,
    path: "/myaccount/profile/edit",
    cookie: shopper.cookie,
    fields: {
      name: "Asha Rao",
      email: `moved-${shopper.email}`,
      phone: "9876543210",
      currentPassword: shopper.password,
    },
    targets: ["name", "email", "phone", "currentPassword"],
  },
  {
    name: "new address",
    handler: newAddressAction as Handler,
    path: "/myaccount/addresses/new",
    cookie: shopper.cookie,
    fields: home,
    targets: ["locality", "city", "country"],
  },
  {
    name: "edit address",
    handler: editAddressAction as Handler,
    path: `/myaccount/addresses/${addressId}/edit`,
    cookie: shopper.cookie,
    params: { addressId },
    fields: home,
    targets: ["locality", "city", "country"],
  },
  {
    name: "change password",
    handler: settingsAction as Handler,
    path: "/myaccount/settings",
    cookie: shopper.cookie,
    fields: {
      intent: "password",
      currentPassword: shopper.password,
      newPassword: "a new passphrase",
      confirmPassword: "a new passphrase",
    },
    targets: ["currentPassword", "newPassword"],
  },
  {
    name: "checkout's inline address",
    handler: checkoutAction as Handler,
    path: "/checkout",
    cookie: buyer.cookie,
    fields: { idempotencyKey: "hostile-checkout-1", paymentMethod: "cod", ...home },
    targets: ["locality", "city", "country"],
  },
];

const CASES = FORMS.flatMap((form) =>
  form.targets.flatMap((field) => HOSTILE.map(([label, bad]) => [form.name, field, label, bad, form] as const)),
);

describe("control characters in a form field", () => {
  it.each(CASES)("%s: %s with %s answers the field's error", async (_form, field, _label, bad, form) => {
    // In the middle of what a shopper would type, where trimming cannot remove it.
    const value = form.fields[field];
    const fields = { ...form.fields, [field]: `${value.slice(0, 3)}${bad}${value.slice(3)}` };
    const answer = await post(form.handler, form.path, fields, form.cookie, form.params);
    expect(answer.status, JSON.stringify(answer.data)).toBe(400);
    expect(answer.data.result.error[field]).toEqual([CONTROL_CHARACTER_MESSAGE]);
  });

  it("changed nothing: the profile, the addresses, the password and the cart are as they were", async () => {
    const me = (await api.call("GET", "/userapp/user/me", { token })).body.data;
    expect(me).toMatchObject({ email: shopper.email, name: "Asha Rao", address: [expect.objectContaining(home)] });
    expect(me.address).toHaveLength(1);
    expect(
      (await api.call("POST", "/userapp/auth/login", { body: { username: shopper.email, password: shopper.password } }))
        .status,
    ).toBe(200);
    expect((await api.call("GET", "/userapp/orders", { token: buyerToken })).body.data.data).toEqual([]);
    const registered = await api.call("POST", "/userapp/auth/login", {
      body: { username: registration.email, password: registration.password },
    });
    expect(registered.status).toBe(400);
  });

  it("refuses tab and line breaks in a one-line field, but takes them in a password", async () => {
    for (const bad of ["\t", "\n", "\r"]) {
      const answer = await post(registerAction as Handler, "/register", { ...registration, firstName: `Me${bad}era` });
      expect(answer.status).toBe(400);
      expect(answer.data.result.error.firstName).toEqual([CONTROL_CHARACTER_MESSAGE]);
    }
    const tabbed = await post(registerAction as Handler, "/register", {
      ...registration,
      email: "tabbed@example.test",
      password: "s3cret\tpassphrase",
    });
    expect(tabbed.status).toBe(303);
  });
});
