import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "react-router";
import { ADDRESSES_PATH } from "~/lib/account/account-user";
import { addressSchema, PIN_LOOKUP } from "./address-schema";
import { errorToast } from "../forms/form-toast";
import { pinLookUpReply } from "../checkout/pincode.server";
import { type AddressEntry, requireShopperProfile } from "../session/require-shopper.server";
import { redirectWithSuccess } from "../forms/toast.server";
import { formErrorsOf, sharedMessage } from "../userapp/refusals.server";

/** What a refused account form answers: its conform result, with the API's status. */
export function refusedForm(result: SubmissionResult<string[]>, status: number) {
  return data({ result }, { status });
}

/** The same, with the toast saying so (app/lib/forms/form-toast.ts). */
export function refusedFormWithToast(result: SubmissionResult<string[]>, status: number, toast: string) {
  return data({ result, toast: errorToast(toast) }, { status });
}

const ADDRESS_FIELDS = new Set([
  "locality",
  "city",
  "state",
  "zipcode",
  "country",
  "name",
  "mobile",
  "landmark",
  "label",
]);

/**
 * The Add/Edit Address action: adds the address (no `addressId`) or replaces the shopper's own
 * address `addressId` (any other id is a 404), then saves the whole list. API field errors on that
 * address ("address.2.zipcode") go back onto the form's fields.
 */
export async function submitAddress(
  request: Request,
  context: AppLoadContext,
  texts: { addressId?: string; success: string; failure: string },
) {
  const { api, user } = await requireShopperProfile(request, context);
  const index = texts.addressId ? user.address.findIndex((a) => a._id === texts.addressId) : user.address.length;
  if (index < 0) throw data("Address not found", { status: 404 });
  const formData = await request.formData();
  // "Look up" (without JavaScript): the form again, city and state filled from the PIN; nothing saved.
  if (formData.get(PIN_LOOKUP.name) === PIN_LOOKUP.value) return { result: await pinLookUpReply(context, formData) };
  const submission = parseWithZod(formData, { schema: addressSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const list: AddressEntry[] = [...user.address];
  // An edited address keeps its id and whether it is the primary one.
  // A courier's field left blank is cleared (null), not kept as it was (absent).
  const { name, mobile, landmark, label, ...place } = submission.value;
  list[index] = {
    ...user.address[index],
    ...place,
    name: name ?? null,
    mobile: mobile ?? null,
    landmark: landmark ?? null,
    label: label ?? null,
  };
  const result = await api.saveAddresses(user.id, list);
  if (!result.ok) {
    const fieldOf = (path: string) => {
      const [, position, field] = /^address\.(\d+)\.(\w+)$/.exec(path) ?? [];
      return Number(position) === index && ADDRESS_FIELDS.has(field) ? field : null;
    };
    const { fieldErrors, unshown } = formErrorsOf(result, fieldOf);
    let reason: string;
    switch (result.code) {
      case "VALIDATION":
      case "PIN_STATE_MISMATCH":
        // A refusal of this address's own fields (a PIN no post office has, a state that is not
        // the PIN's) is said at those fields alone.
        if (result.data.length > 0 && unshown.length === 0)
          return data({ result: submission.reply({ fieldErrors }) }, { status: 400 });
        reason = result.message;
        break;
      case "NOT_FOUND":
      case "WRONG_PASSWORD":
      case "TOO_MANY_ATTEMPTS":
        reason = result.message;
        break;
      default:
        reason = sharedMessage(result);
    }
    const message = `${texts.failure}: ${reason || "Unknown error"}`;
    return refusedFormWithToast(submission.reply({ formErrors: [message], fieldErrors }), result.answerStatus, message);
  }
  return redirectWithSuccess(ADDRESSES_PATH, texts.success);
}
