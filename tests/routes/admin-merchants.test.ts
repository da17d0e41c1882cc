import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { setAdmin } from "../../api/lib/accounts/admins";
import MerchantPage, { action as saveAction, loader as merchantLoader } from "../../app/routes/admin.merchants.$id";
import MerchantsPage, { loader as listLoader } from "../../app/routes/admin.merchants";
import { createTestApi, insertMerchant } from "../api/helpers";
import { formPost, loadContext, pageGet, renderPage, settle, signedInShopper } from "./harness";

// The back office's sellers (/admin/merchants): the list with their GSTINs, and one seller's
// details form, called as React Router calls them.

const api = await createTestApi();
const context = loadContext(api);
const admin = await signedInShopper(api, { firstName: "Meera", lastName: "Iyer" });
expect(await setAdmin(api.db, admin.email, true)).toBe("changed");
const shopper = await signedInShopper(api);

type Handler = (args: never) => unknown;
const run = (fn: Handler, request: Request, params: Record<string, string> = {}) =>
  settle(() => fn({ request, params, context } as never));
const details = {
  companyName: "Nair Audio Centre LLP",
  gstin: "32CNRPN2863Q1Z5",
  state: "Kerala",
  address: "MG Road, Kochi 682035",
};

describe("/admin/merchants", () => {
  it("lists the sellers with their GSTIN and state, each linked to its form", async () => {
    const id = await insertMerchant(api.db, { companyName: "Kochi Sounds" });
    const page = await run(listLoader as Handler, pageGet("/admin/merchants", admin.cookie));
    expect(page.status).toBe(200);
    const html = await renderPage("/admin/merchants", createElement(MerchantsPage, { loaderData: page.data } as never));
    expect(html).toContain(`href="/admin/merchants/${id}"`);
    expect(html).toContain("Kochi Sounds");
    expect(html).toContain("Not on file");
    expect((await run(listLoader as Handler, pageGet("/admin/merchants", shopper.cookie))).status).toBe(403);
  });

  it("saves a seller's details with a toast, and shows the API's refusal on the field", async () => {
    const id = await insertMerchant(api.db);
    const path = `/admin/merchants/${id}`;
    const wrong = await run(
      saveAction as Handler,
      formPost(path, { ...details, gstin: "29AAGCB7383J1Z4" }, admin.cookie),
      {
        id,
      },
    );
    expect(wrong.status).toBe(422);
    expect(wrong.data.fieldErrors).toEqual({ gstin: "A GSTIN of Kerala starts with 32" });
    const form = await run(merchantLoader as Handler, pageGet(path, admin.cookie), { id });
    const html = await renderPage(
      path,
      createElement(MerchantPage, { loaderData: form.data, actionData: wrong.data, params: { id } } as never),
    );
    expect(html).toContain('aria-describedby="gstin-hint gstin-error"');
    expect(html).toContain('value="29AAGCB7383J1Z4"');

    const saved = await run(saveAction as Handler, formPost(path, details, admin.cookie), { id });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(path);
    const after = await run(merchantLoader as Handler, pageGet(path, admin.cookie), { id });
    expect(after.data.merchant).toMatchObject(details);
    expect(
      (await run(merchantLoader as Handler, pageGet("/admin/merchants/nope", admin.cookie), { id: "nope" })).status,
    ).toBe(404);
  });
});
