import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "../../api/db/schema";
import { newId } from "../../api/lib/ids";
import { createTestApi, createUserWithToken, insertMerchant } from "./helpers";

// A seller's details as its tax invoices print them, changed by an admin: the GSTIN's check
// character and state code checked, audited, another seller's GSTIN refused.

const api = await createTestApi();
const { db, call } = api;
const admin = await createUserWithToken(db, { userType: "admin" });
const shopper = await createUserWithToken(db);

const save = (id: string, body: unknown, token = admin.token) =>
  call("PUT", `/userapp/admin/merchants/${id}`, { token, body });
const valid = {
  companyName: "Bengaluru Silks Private Limited",
  gstin: "29AAGCB7383J1Z4",
  state: "Karnataka",
  address: "80 Feet Road, Koramangala, Bengaluru 560034",
};

describe("/userapp/admin/merchants/{id}", () => {
  it("reads and saves a seller's legal name, GSTIN, state and address, audited", async () => {
    const id = await insertMerchant(db);
    const before = await call("GET", `/userapp/admin/merchants/${id}`, { token: admin.token });
    expect(before.status).toBe(200);
    const res = await save(id, { ...valid, gstin: " 29aagcb7383j1z4 ", state: "karnataka" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: "The seller's details are saved.", data: { ...valid, _id: id } });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ action: "merchant.details", entity: "merchant", actorId: admin.id });
    expect(entry.after).toMatchObject({ gstin: valid.gstin, state: "Karnataka" });
    const listed = await call("GET", "/userapp/admin/merchants", { token: admin.token });
    expect(listed.body.data.find((m: { _id: string }) => m._id === id)).toMatchObject({
      gstin: valid.gstin,
      state: "Karnataka",
    });
  });

  it("refuses a GSTIN with a wrong check character or another state's code, an unknown state, blanks and long text", async () => {
    const id = await insertMerchant(db);
    for (const [body, path, message] of [
      [{ ...valid, gstin: "29AAGCB7383J1Z5" }, "gstin", /check character/],
      [{ ...valid, state: "Kerala" }, "gstin", /^A GSTIN of Kerala starts with 32$/],
      [{ ...valid, gstin: "29AAGCB7383J1Z" }, "gstin", /15 characters/],
      [{ ...valid, state: "Atlantis" }, "state", /^Choose one of India's states$/],
      [{ ...valid, companyName: "  " }, "companyName", /required/],
      [{ ...valid, address: "x".repeat(501) }, "address", /at most 500/],
    ] as const) {
      const res = await save(id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.data).toEqual(
        expect.arrayContaining([expect.objectContaining({ path, message: expect.stringMatching(message) })]),
      );
    }
    const unchanged = await call("GET", `/userapp/admin/merchants/${id}`, { token: admin.token });
    expect(unchanged.body.data.gstin).not.toBe("29AAGCB7383J1Z5");
  });

  it("refuses another seller's GSTIN (409), an unknown seller (404), a shopper (403) and a guest (401)", async () => {
    const first = await insertMerchant(db);
    const second = await insertMerchant(db);
    const gstin = "32CNRPN2863Q1Z5";
    expect((await save(first, { ...valid, gstin, state: "Kerala" })).status).toBe(200);
    const taken = await save(second, { ...valid, gstin, state: "Kerala" });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`GSTIN ${gstin} belongs to another seller.`);
    expect((await save(newId(), valid)).status).toBe(404);
    expect((await save("nope", valid)).status).toBe(404);
    expect((await save(first, valid, shopper.token)).status).toBe(403);
    expect((await call("PUT", `/userapp/admin/merchants/${first}`, { body: valid })).status).toBe(401);
  });
});
