import type { FieldMetadata } from "@conform-to/react";
import { type AddressFieldset, AddressFields } from "~/components/address-fields";
import { AddressText } from "~/components/orders/order-lines";
import type { AddressJson } from "~/lib/session/signed-in-user.server";

type Fields = Record<
  "addressId" | "locality" | "city" | "state" | "zipcode" | "country",
  FieldMetadata<string | undefined>
>;

/**
 * The delivery address: a radio per saved address (the primary one chosen), or, for a shopper
 * with none, the address fields inline (saved to their addresses when the order is placed).
 */
export function AddressChoice({ addresses, fields }: { addresses: AddressJson[]; fields: Fields }) {
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
                <span className="ml-2 rounded bg-brand/10 px-1.5 py-0.5 text-xs font-semibold text-brand">Primary</span>
              ) : null}
            </span>
          </label>
        ))}
        <p id={fields.addressId.errorId} role={error ? "alert" : undefined} className="text-xs text-red-700">
          {error}
        </p>
      </fieldset>
    );
  }
  return (
    <fieldset className="space-y-1">
      <legend className="mb-2 text-lg font-bold text-gray-900">Delivery address</legend>
      <p className="mb-2 text-sm text-gray-600">
        You have no saved address yet: this one is saved to your account with the order.
      </p>
      <AddressFields fields={fields as unknown as AddressFieldset} />
    </fieldset>
  );
}
