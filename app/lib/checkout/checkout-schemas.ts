import { z } from "zod";
import { MOBILE_REQUIRED_MESSAGE } from "../../../api/contract/mobile";
import { addressSchema, mobileSchema } from "../account/address-schema";
import { PAYMENT_METHODS } from "../payment/methods";

// The checkout form: one schema for the browser (conform) and the action (parseWithZod).

export const ADDRESS_FIELDS = ["locality", "city", "state", "zipcode", "country"] as const;
/** The form's address fields: the five, and the courier's. */
export const FORM_ADDRESS_FIELDS = [...ADDRESS_FIELDS, "name", "mobile", "landmark", "label"] as const;
export type AddressFields = Record<(typeof ADDRESS_FIELDS)[number], string> &
  Partial<Record<"name" | "mobile" | "landmark" | "label", string>>;

/**
 * One of the shopper's saved addresses (with the mobile number checkout asked for, when neither it
 * nor the account has one), or a new one typed at checkout, with its mobile number.
 */
export type AddressChoice = { addressId: string; mobile?: string } | { inline: AddressFields };

export const CHECKOUT_KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

/**
 * The checkout form: an idempotency key (the loader makes one per page), a payment method and
 * either one of the shopper's saved addresses (`addressId`) or a new one typed inline.
 */
export const checkoutSchema = z
  .object({
    idempotencyKey: z
      .string({ error: "Please reload the page and try again." })
      .regex(CHECKOUT_KEY_PATTERN, "Please reload the page and try again."),
    paymentMethod: z.enum(
      PAYMENT_METHODS.map((method) => method.id),
      { error: "Choose a payment method" },
    ),
    addressId: z.string().trim().min(1).optional(),
    locality: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    zipcode: z.string().optional(),
    country: z.string().optional(),
    name: z.string().optional(),
    mobile: z.string().optional(),
    landmark: z.string().optional(),
    label: z.string().optional(),
  })
  .transform(
    (value, ctx): { idempotencyKey: string; paymentMethod: typeof value.paymentMethod; address: AddressChoice } => {
      const { idempotencyKey, paymentMethod, addressId } = value;
      if (addressId) {
        // The mobile number asked for beside saved addresses (when the account has none).
        const mobile = mobileSchema.safeParse(value.mobile);
        if (!mobile.success) {
          ctx.addIssue({ code: "custom", path: ["mobile"], message: mobile.error.issues[0]!.message });
          return z.NEVER;
        }
        return { idempotencyKey, paymentMethod, address: { addressId, mobile: mobile.data } };
      }
      // A new address typed inline follows the address book's own rules (app/lib/account/address-schema.ts), and
      // needs a mobile number: an order does.
      const parsed = addressSchema.safeParse(value);
      const issues = parsed.success ? [] : parsed.error.issues;
      for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
      if (!value.mobile?.trim()) ctx.addIssue({ code: "custom", path: ["mobile"], message: MOBILE_REQUIRED_MESSAGE });
      if (!parsed.success || !parsed.data.mobile) return z.NEVER;
      return { idempotencyKey, paymentMethod, address: { inline: parsed.data as AddressFields } };
    },
  );

export type CheckoutForm = z.output<typeof checkoutSchema>;
