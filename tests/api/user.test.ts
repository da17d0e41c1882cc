import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addresses, users } from "../../api/db/schema";
import { EMAIL_LINK_SENT } from "../../api/routes/user";
import { linkTokenTo } from "./account-mail";
import { createTestApi, createUserWithToken, specAddress, testAddresses } from "./helpers";

const { db, call } = await createTestApi();

const update = (id: string, token: string, body: unknown) => call("PUT", `/userapp/user/update/${id}`, { token, body });
const me = async (token: string) => {
  const response = await call("GET", "/userapp/user/me", { token });
  expect(response.status).toBe(200);
  return response.body.data;
};

const home = specAddress(testAddresses.home);
const office = {
  locality: "4th Floor, Cyber Towers",
  city: "Hyderabad",
  state: "Telangana",
  zipcode: "500081",
  country: "India",
};
const parents = {
  locality: "22 Park Street",
  city: "Kolkata",
  state: "West Bengal",
  zipcode: "700016",
  country: "India",
};

let registered = 0;
/** A user registered and signed in through the API, so that their password is real. */
async function registeredUser() {
  const email = `owner${++registered}.${Date.now()}@example.test`;
  const password = "correct horse battery";
  expect((await call("POST", "/userapp/auth/register", { body: { email, password } })).status).toBe(201);
  const signedIn = await call("POST", "/userapp/auth/login", { body: { username: email, password } });
  expect(signedIn.status).toBe(200);
  return { id: signedIn.body.data.id as string, token: signedIn.body.data.token as string, email, password };
}

async function expect422(response: { status: number; body: any }, path: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(422);
  expect(response.body.status).toBe("VALIDATION_ERROR");
  expect(response.body.message).toMatch(/^Invalid input/);
  expect(response.body.data).toEqual(
    expect.arrayContaining([expect.objectContaining({ path, message: expect.any(String) })]),
  );
}

describe("GET /userapp/user/me", () => {
  it("answers the signed-in user with the login shape and no secrets", async () => {
    const { id, token } = await createUserWithToken(db, { firstName: "Meera", lastName: "Iyer", name: "Meera Iyer" });
    const user = await me(token);
    expect(user).toEqual({
      _id: id,
      id,
      name: "Meera Iyer",
      firstName: "Meera",
      lastName: "Iyer",
      email: expect.stringContaining("@example.test"),
      avatar: null,
      phone: "9876543210",
      country_code: "91",
      address: [],
      userType: null,
    });
    expect(JSON.stringify(user)).not.toMatch(/password|hash/i);
  });

  it("answers 401 without a valid token", async () => {
    const response = await call("GET", "/userapp/user/me", { token: "nope" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      status: "UNAUTHORIZED",
      message: expect.any(String),
      data: null,
      code: "UNAUTHENTICATED",
    });
  });
});

describe("PUT /userapp/user/update/:id", () => {
  it("changes the profile fields sent and leaves the others", async () => {
    const { id, token } = await createUserWithToken(db, { name: "Old Name", firstName: "Old" });
    const response = await update(id, token, {
      name: "Kavya Nair",
      lastName: "Nair",
      phone: "98765 43210",
      avatar: "https://cdn.example.test/a.png",
    });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("SUCCESS");
    expect(response.body.data).toMatchObject({
      _id: id,
      name: "Kavya Nair",
      firstName: "Old",
      lastName: "Nair",
      phone: "9876543210",
      country_code: "91",
      avatar: "https://cdn.example.test/a.png",
    });
    expect(await me(token)).toEqual(response.body.data);
  });

  it("clears optional fields sent as null or blank", async () => {
    const { id, token } = await createUserWithToken(db, {
      phone: "9876543210",
      avatar: "/media/me.png",
      lastName: "X",
    });
    const response = await update(id, token, { phone: "", avatar: null, lastName: "  " });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ phone: null, avatar: null, lastName: null });
    const cleared = await update(id, token, { phone: null });
    expect(cleared.body.data.phone).toBeNull();
  });

  it("answers the user unchanged for an empty body, and ignores unknown keys", async () => {
    const { id, token } = await createUserWithToken(db, { name: "Same" });
    const before = await me(token);
    expect((await call("PUT", `/userapp/user/update/${id}`, { token })).body.data).toEqual(before);
    const response = await update(id, token, {
      userType: "admin",
      passwordHash: "x",
      password: "new-password",
      id: "0".repeat(24),
      _id: "0".repeat(24),
      isLoggedIn: true,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(before);
    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row.userType).toBeNull();
    expect(row.passwordHash).toBe("not-a-real-hash");
  });

  it("changes the email with the current password once the link is used, answering a taken one (any case) alike", async () => {
    const other = await createUserWithToken(db, { email: "taken.address@example.test" });
    const { id, token, password, email } = await registeredUser();
    const taken = await update(id, token, { email: " TAKEN.Address@example.test ", currentPassword: password });
    const changed = await update(id, token, { email: " fresh.address@example.test ", currentPassword: password });
    // The same answer either way: the profile as it is, its email unchanged.
    for (const answer of [taken, changed]) {
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(EMAIL_LINK_SENT);
      expect(answer.body.data.email).toBe(email);
    }
    const confirmed = await call("POST", "/userapp/auth/confirm-email", {
      body: { token: await linkTokenTo(db, "fresh.address@example.test", "account.emailConfirm") },
    });
    expect(confirmed.status).toBe(200);
    expect((await me(token)).email).toBe("fresh.address@example.test");
    // Changing only the case of one's own email is not a conflict, and signs in the same: no password needed.
    expect((await update(id, token, { email: "Fresh.Address@example.test" })).status).toBe(200);
    expect((await me(other.token)).email).toBe("taken.address@example.test");
  });
  it("answers 404 for another user's id or a malformed one, and changes nothing", async () => {
    const victim = await createUserWithToken(db, { name: "Victim" });
    const attacker = await createUserWithToken(db, { name: "Attacker" });
    for (const id of [victim.id, "not-an-id", "0".repeat(24)]) {
      const response = await update(id, attacker.token, { name: "Owned", address: [home] });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        status: "RECORD_NOT_FOUND",
        message: "User not found",
        data: null,
        code: "NOT_FOUND",
      });
    }
    expect(await me(victim.token)).toMatchObject({ name: "Victim", address: [] });
    expect(await me(attacker.token)).toMatchObject({ name: "Attacker", address: [] });
  });

  it("answers 401 without a token", async () => {
    const { id } = await createUserWithToken(db);
    const response = await call("PUT", `/userapp/user/update/${id}`, { body: { name: "X" } });
    expect(response.status).toBe(401);
  });

  it("checks the phone against the country code", async () => {
    const { id, token } = await createUserWithToken(db);
    await expect422(await update(id, token, { phone: "987654321" }), "phone");
    await expect422(await update(id, token, { phone: "98765432101" }), "phone");
    await expect422(await update(id, token, { phone: "98765abcde" }), "phone");
    // Elsewhere 4 to 15 digits; the country code may come as a number or with a plus.
    const us = await update(id, token, { phone: "2025550123", country_code: 1 });
    expect(us.status).toBe(200);
    expect(us.body.data).toMatchObject({ phone: "2025550123", country_code: "1" });
    expect((await update(id, token, { phone: "44123456789012", country_code: "+44" })).body.data.country_code).toBe(
      "44",
    );
    await expect422(await update(id, token, { phone: "123" }), "phone");
    // Moving back to 91 with a 14-digit number on file is refused.
    await expect422(await update(id, token, { country_code: "91" }), "phone");
    await expect422(await update(id, token, { country_code: "12345" }), "country_code");
    await expect422(await update(id, token, { country_code: "9a" }), "country_code");
  });

  it.each([
    [{ email: "not-an-email" }, "email"],
    [{ email: null }, "email"],
    [{ name: 5 }, "name"],
    [{ firstName: "x".repeat(101) }, "firstName"],
    [{ avatar: "http://insecure.example.test/a.png" }, "avatar"],
    [{ avatar: "javascript:alert(1)" }, "avatar"],
    [{ avatar: "//evil.example.test/a.png" }, "avatar"],
    [{ avatar: "/\\evil.example.test/a.png" }, "avatar"],
    [{ address: "12 MG Road" }, "address"],
    [{ address: [{ ...home, city: "" }] }, "address.0.city"],
    [{ address: [{ ...home, locality: "   " }] }, "address.0.locality"],
    [{ address: [home, { ...office, state: undefined }] }, "address.1.state"],
    [{ address: [{ ...home, country: undefined }] }, "address.0.country"],
    [{ address: [{ ...home, zipcode: "5600" }] }, "address.0.zipcode"],
    [{ address: [{ ...home, zipcode: "056003" }] }, "address.0.zipcode"],
    [{ address: [{ ...home, country: "Nepal", zipcode: "44" }] }, "address.0.zipcode"],
    [{ address: [{ ...home, country: "UK", zipcode: "SW1A 1AA 1234" }] }, "address.0.zipcode"],
    [{ address: [{ ...home, locality: "x".repeat(201) }] }, "address.0.locality"],
    [{ address: [{ ...home, isActive: "yes" }] }, "address.0.isActive"],
    [
      {
        address: [
          { ...home, isActive: true },
          { ...office, isActive: true },
        ],
      },
      "address",
    ],
    [{ address: Array.from({ length: 21 }, () => home) }, "address"],
  ])("answers 422 for %j", async (body, path) => {
    const { id, token } = await createUserWithToken(db);
    await expect422(await update(id, token, body), path);
    expect((await me(token)).address).toEqual([]);
  });

  it("answers 400 for malformed JSON", async () => {
    const { id, token } = await createUserWithToken(db);
    const response = await call("PUT", `/userapp/user/update/${id}`, {
      token,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body.status).toBe("BAD_REQUEST");
  });
});

describe("addresses as a full list", () => {
  it("stores the list in order and makes the first one primary when none is marked", async () => {
    const { id, token } = await createUserWithToken(db);
    const response = await update(id, token, { address: [home, office] });
    expect(response.status).toBe(200);
    const list = response.body.data.address;
    // A spec client's address: none of the courier's fields (null: the account's name and phone).
    const none = { name: null, mobile: null, landmark: null, label: null };
    expect(list).toEqual([
      { _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...home, ...none, isActive: true },
      { _id: expect.stringMatching(/^[0-9a-f]{24}$/), ...office, ...none, isActive: false },
    ]);
    expect(list[0]._id).not.toBe(list[1]._id);
  });

  it("keeps the ids of addresses sent back, adds new ones and drops the missing", async () => {
    const { id, token } = await createUserWithToken(db);
    const [first, second] = (await update(id, token, { address: [home, office] })).body.data.address;
    // The client adds an address by sending the list back with the new one appended.
    const added = (await update(id, token, { address: [first, second, parents] })).body.data.address;
    expect(added.map((a: { _id: string }) => a._id).slice(0, 2)).toEqual([first._id, second._id]);
    expect(added[2]).toMatchObject({ ...parents, isActive: false });

    // Edit the second, drop the first: the primary is gone, so the first in the list takes over.
    const edited = (await update(id, token, { address: [{ ...second, city: "Secunderabad" }, added[2]] })).body.data
      .address;
    expect(edited).toEqual([
      { ...second, city: "Secunderabad", isActive: true },
      { ...added[2], isActive: false },
    ]);
    const rows = await db.select().from(addresses).where(eq(addresses.userId, id));
    expect(rows).toHaveLength(2);

    expect((await update(id, token, { address: [] })).body.data.address).toEqual([]);
  });

  it("keeps the current primary when the list does not say otherwise", async () => {
    const { id, token } = await createUserWithToken(db);
    const [a, b] = (await update(id, token, { address: [home, { ...office, isActive: true }] })).body.data.address;
    expect([a.isActive, b.isActive]).toEqual([false, true]);
    // Sent back without isActive fields (and with a new address first): the office stays primary.
    const { isActive: _a, ...plainA } = a;
    const { isActive: _b, ...plainB } = b;
    const list = (await update(id, token, { address: [parents, plainA, plainB] })).body.data.address;
    expect(list.map((x: { isActive: boolean }) => x.isActive)).toEqual([false, false, true]);
    // Explicitly marking another moves the primary.
    const moved = (
      await update(id, token, { address: [{ ...list[0], isActive: true }, list[1], { ...list[2], isActive: false }] })
    ).body.data.address;
    expect(moved.map((x: { isActive: boolean }) => x.isActive)).toEqual([true, false, false]);
  });

  it("normalises PIN codes and accepts other countries' postal codes", async () => {
    const { id, token } = await createUserWithToken(db);
    const response = await update(id, token, {
      address: [
        { ...home, zipcode: " 560 038 " },
        { ...office, zipcode: 500081 },
        { locality: "10 Downing St", city: "London", state: "England", zipcode: "sw1a 2aa", country: "United Kingdom" },
      ],
    });
    expect(response.status).toBe(200);
    expect(response.body.data.address.map((a: { zipcode: string }) => a.zipcode)).toEqual([
      "560038",
      "500081",
      "SW1A 2AA",
    ]);
  });

  it("never takes over another user's address through its _id", async () => {
    const owner = await createUserWithToken(db);
    const [theirs] = (await update(owner.id, owner.token, { address: [home] })).body.data.address;
    const intruder = await createUserWithToken(db);
    const response = await update(intruder.id, intruder.token, { address: [{ ...theirs, city: "Stolen" }] });
    expect(response.status).toBe(200);
    const [mine] = response.body.data.address;
    expect(mine._id).not.toBe(theirs._id);
    expect(mine.city).toBe("Stolen");
    expect((await me(owner.token)).address).toEqual([theirs]);
  });

  it("keeps exactly one primary address when updates race", async () => {
    const { id, token } = await createUserWithToken(db);
    const results = await Promise.all([
      update(id, token, { address: [home, { ...office, isActive: true }] }),
      update(id, token, { address: [{ ...parents, isActive: true }, home] }),
      update(id, token, { address: [office, parents] }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await db.select().from(addresses).where(eq(addresses.userId, id));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.isActive)).toHaveLength(1);
  });
});

describe("PUT /userapp/user/activate/:addressId", () => {
  it("makes that address the only primary one", async () => {
    const { id, token } = await createUserWithToken(db);
    const [a, b, c] = (await update(id, token, { address: [home, office, parents] })).body.data.address;
    const response = await call("PUT", `/userapp/user/activate/${c._id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("SUCCESS");
    expect(response.body.data.address).toEqual([
      { ...a, isActive: false },
      { ...b, isActive: false },
      { ...c, isActive: true },
    ]);
    // Activating the primary again changes nothing.
    const again = await call("PUT", `/userapp/user/activate/${c._id}`, { token, body: {} });
    expect(again.body.data.address.map((x: { isActive: boolean }) => x.isActive)).toEqual([false, false, true]);
    expect((await me(token)).address).toEqual(again.body.data.address);
  });

  it("answers 404 for another user's address, an unknown or a malformed id", async () => {
    const owner = await createUserWithToken(db);
    const [theirs] = (await update(owner.id, owner.token, { address: [home, office] })).body.data.address.slice(1);
    const other = await createUserWithToken(db);
    await update(other.id, other.token, { address: [parents] });
    for (const addressId of [theirs._id, "0".repeat(24), "nope"]) {
      const response = await call("PUT", `/userapp/user/activate/${addressId}`, { token: other.token });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        status: "RECORD_NOT_FOUND",
        message: "Address not found",
        data: null,
        code: "NOT_FOUND",
      });
    }
    // The owner's primary did not move.
    expect((await me(owner.token)).address.map((x: { isActive: boolean }) => x.isActive)).toEqual([true, false]);
  });

  it("answers 401 without a token", async () => {
    const response = await call("PUT", `/userapp/user/activate/${"0".repeat(24)}`);
    expect(response.status).toBe(401);
  });
});

describe("changing the email, the sign-in name", () => {
  it("requires the current password: 422 without it, 400 when wrong, and changes nothing then", async () => {
    const { id, token, email, password } = await registeredUser();
    const next = `moved.${email}`;
    await expect422(await update(id, token, { email: next }), "currentPassword");
    await expect422(await update(id, token, { email: next, currentPassword: "" }), "currentPassword");
    await expect422(await update(id, token, { email: next, currentPassword: 12345678 }), "currentPassword");
    await expect422(await update(id, token, { email: next, currentPassword: "x".repeat(201) }), "currentPassword");
    for (const wrong of ["wrong password", password.toUpperCase(), ` ${password}`]) {
      const refused = await update(id, token, { email: next, currentPassword: wrong, name: "Changed" });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        status: "BAD_REQUEST",
        message: "Current password is incorrect.",
        data: null,
        code: "WRONG_PASSWORD",
      });
    }
    // A taken email is not revealed to a wrong password either.
    const other = await createUserWithToken(db);
    const probe = await update(id, token, { email: (await me(other.token)).email, currentPassword: "wrong password" });
    expect(probe.status).toBe(400);
    expect(await me(token)).toMatchObject({ email, name: null });

    const moved = await update(id, token, { email: next, currentPassword: password });
    expect(moved.status).toBe(200);
    expect(moved.body.data.email).toBe(email);
    const token2 = await linkTokenTo(db, next, "account.emailConfirm");
    expect((await call("POST", "/userapp/auth/confirm-email", { body: { token: token2 } })).status).toBe(200);
    expect((await call("POST", "/userapp/auth/login", { body: { username: email, password } })).status).toBe(400);
    expect((await call("POST", "/userapp/auth/login", { body: { username: next, password } })).status).toBe(200);
  });

  it("needs no password when the email stays (other fields change) or only its case and spacing do", async () => {
    const { id, token, email } = await registeredUser();
    expect((await update(id, token, { name: "Asha", email })).status).toBe(200);
    expect((await update(id, token, { name: "Asha R", email: ` ${email.toUpperCase()} ` })).status).toBe(200);
    expect((await me(token)).email).toBe(email.toUpperCase());
    // A password sent along anyway is ignored, right or wrong.
    expect((await update(id, token, { name: "Asha", email, currentPassword: "whatever" })).status).toBe(200);
    expect((await me(token)).email).toBe(email);
  });

  it("counts wrong passwords toward the sign-in limits, shared with signing in", async () => {
    const { id, token, email, password } = await registeredUser();
    const next = `moved.${email}`;
    const ip = "192.0.2.77";
    const guess = (currentPassword: string) =>
      call("PUT", `/userapp/user/update/${id}`, { token, body: { email: next, currentPassword }, clientAddress: ip });
    for (let i = 0; i < 5; i++) expect((await guess(`guess ${i}`)).status).toBe(400);
    const refused = await guess(password);
    expect(refused.status).toBe(429);
    expect(refused.body.status).toBe("TOO_MANY_REQUESTS");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    // Signing in from that address is refused too; the email did not change.
    const signIn = await call("POST", "/userapp/auth/login", {
      body: { username: email, password },
      clientAddress: ip,
    });
    expect(signIn.status).toBe(429);
    expect((await me(token)).email).toBe(email);
  });
});
