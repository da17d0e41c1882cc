import { eq } from "drizzle-orm";
import { z } from "@hono/zod-openapi";
import type { Database } from "../../db/client";
import { auditLog, merchants } from "../../db/schema";
import { conflict, notFound } from "../http/http";
import { gstinProblem, gstinStateProblem, gstState } from "../tax/gst";

/**
 * A seller's details as its tax invoices print them (CGST Rule 46): its legal name, GSTIN, state
 * and registered address, read and changed by the back office (`/admin/merchants`), each change
 * audited. The GSTIN's shape, state code and check character are checked (gstinProblem), and its
 * state code must be the state's.
 */
export type MerchantDetailsJson = {
  _id: string;
  name: string;
  companyName: string;
  gstin: string | null;
  state: string | null;
  address: string | null;
};

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is at most ${max} characters`);

export const merchantDetailsBodySchema = z
  .object({
    companyName: text("The legal name", 200),
    gstin: z
      .string({ error: "The GSTIN is required" })
      .trim()
      .transform((gstin) => gstin.toUpperCase())
      .superRefine((gstin, ctx) => {
        const problem = gstinProblem(gstin);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    state: text("The state", 60).refine((state) => gstState(state) !== null, "Choose one of India's states"),
    address: text("The registered address", 500),
  })
  .superRefine((body, ctx) => {
    const problem = gstinStateProblem(body.gstin, body.state);
    if (problem) ctx.addIssue({ code: "custom", path: ["gstin"], message: problem });
  });

export type MerchantDetailsBody = z.output<typeof merchantDetailsBodySchema>;

const columns = {
  _id: merchants.id,
  name: merchants.name,
  companyName: merchants.companyName,
  gstin: merchants.gstin,
  state: merchants.state,
  address: merchants.address,
};

export async function loadMerchantDetails(db: Database, id: string): Promise<MerchantDetailsJson | null> {
  const [row] = await db.select(columns).from(merchants).where(eq(merchants.id, id)).limit(1);
  return row ?? null;
}

/** Saves a seller's details and audits the change, in one transaction; 409 when another seller has the GSTIN. */
export async function saveMerchantDetails(
  db: Database,
  id: string,
  body: MerchantDetailsBody,
  actorId: string,
  now: Date,
): Promise<MerchantDetailsJson> {
  const state = gstState(body.state)!;
  return db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(merchants).where(eq(merchants.id, id)).for("update");
    if (!before) throw notFound("Merchant not found");
    const [other] = await tx.select({ id: merchants.id }).from(merchants).where(eq(merchants.gstin, body.gstin));
    if (other && other.id !== id) throw conflict(`GSTIN ${body.gstin} belongs to another seller.`, null, "GSTIN_TAKEN");
    const [after] = await tx
      .update(merchants)
      .set({ companyName: body.companyName, gstin: body.gstin, state: state.name, address: body.address })
      .where(eq(merchants.id, id))
      .returning(columns);
    await tx.insert(auditLog).values({
      actorId,
      action: "merchant.details",
      entity: "merchant",
      entityId: id,
      before,
      after,
      at: now,
    });
    return after;
  });
}
