import type { FieldMetadata } from "@conform-to/react";
import { ConformField } from "~/components/account/conform-field";
import { type AddressFieldset, AddressFields } from "~/components/address-fields";
import { AddressText } from "~/components/orders/order-lines";
import type { AddressJson } from "~/lib/session/signed-in-user.server";

type Fields = Record<
  "addressId" | "locality" | "city" | "state" | "zipcode" | "country" | "name" | "mobile" | "landmark" | "label",
  FieldMetadata<string | undefined>
>;

/**
 * The delivery address: a radio per saved address (the primary one chosen), or, for a shopper
 * with none, the address fields inline (saved to their addresses when the order is placed).
 * `askMobile`: beside saved addresses, a mobile number for one that has none (the account's phone
 * is not a mobile number).
 */
export function AddressChoice({
  addresses,
  fields,
  askMobile,
  recipient,
}: {
  addresses: AddressJson[];
  fields: Fields;
  askMobile: boolean;
  /** The account's name and mobile number, a new address's to start with. */
  recipient: { name: string; mobile: string };
}) {
  if (addresses.length > 0) {
    const chosen = addresses.find((address) => address.isActive) ?? addresses[0];
    const error = fields.addressId.errors?.[0];
    return (
      <fieldset className="space-y-2" aria-describedby={error ? fields.addressId.errorId : undefined}>
        <legend className="mb-2 text-lg font-bold text-gray-900">Delivery address</legend>
        {addresses.map((address) => (
          <label
            key={address._id}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-gray-200 p-3 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
          >
            <input
              type="radio"
              name={fields.addressId.name}
              value={address._id}
              defaultChecked={address._id === chosen._id}
              className="mt-1 size-4 accent-brand"
            />
            <span className="text-sm text-gray-800">
              <AddressText address={address} />
              {address.isActive ? (
                <span className="ml-2 rounded bg-brand/10 px-1.5 py-0.5 text-xs font-semibold text-brand-dark">
                  Primary
                </span>
              ) : null}
            </span>
          </label>
        ))}
        <p id={fields.addressId.errorId} role={error ? "alert" : undefined} className="text-xs text-red-700">
          {error}
        </p>
        {askMobile ? (
          <div className="max-w-sm">
            <ConformField
              field={fields.mobile as FieldMetadata<string, Record<string, unknown>, string[]>}
              label="Mobile number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              hint="The courier calls this number (for an address without its own)."
            />
          </div>
        ) : null}
      </fieldset>
    );
  }
  return (
    <fieldset className="space-y-1">
      <legend className="mb-2 text-lg font-bold text-gray-900">Delivery address</legend>
      <p className="mb-2 text-sm text-gray-600">
        You have no saved address yet: this one is saved to your account with the order.
      </p>
      <AddressFields fields={fields as unknown as AddressFieldset} defaults={recipient} mobileRequired />
    </fieldset>
  );
}
