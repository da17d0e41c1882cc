import { z } from "zod";
import { addressSchema } from "../account/address-schema";
import { PAYMENT_METHODS } from "../payment/methods";

// The checkout form: one schema for the browser (conform) and the action (parseWithZod).

export const ADDRESS_FIELDS = ["locality", "city", "state", "zipcode", "country"] as const;
export type AddressFields = Record<(typeof ADDRESS_FIELDS)[number], string>;

/** One of the shopper's saved addresses, or a new one typed at checkout. */
export type AddressChoice = { addressId: string } | { inline: AddressFields };

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
  })
  .transform(
    (value, ctx): { idempotencyKey: string; paymentMethod: typeof value.paymentMethod; address: AddressChoice } => {
      const { idempotencyKey, paymentMethod, addressId } = value;
      if (addressId) return { idempotencyKey, paymentMethod, address: { addressId } };
      // A new address typed inline follows the address book's own rules (app/lib/account/address-schema.ts).
      const parsed = addressSchema.safeParse(value);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
        return z.NEVER;
      }
      return { idempotencyKey, paymentMethod, address: { inline: parsed.data as AddressFields } };
    },
  );

export type CheckoutForm = z.output<typeof checkoutSchema>;
