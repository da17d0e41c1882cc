import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { ConformField } from "~/components/account/conform-field";
import { type AddressInput, DEFAULT_COUNTRY, INDIAN_STATES } from "~/lib/address";

/** The conform fields of a form built on `addressSchema` (its own fields or a nested fieldset). */
export type AddressFieldset = { [K in keyof AddressInput]: FieldMetadata<string, Record<string, unknown>, string[]> };

/**
 * The five address inputs (locality, city, state, PIN code, country), laid out for the
 * account's address form and checkout alike. The form around them owns submit and errors.
 */
export function AddressFields({ fields }: { fields: AddressFieldset }) {
  const state = fields.state;
  const stateError = state.errors?.[0];
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <ConformField field={fields.locality} label="Locality" type="text" hint="House number, street and area." autoComplete="address-line1" />
      </div>
      <ConformField field={fields.city} label="City" type="text" autoComplete="address-level2" />
      <div className="flex flex-col gap-1">
        <label htmlFor={state.id} className="text-sm font-medium text-gray-800">
          State
        </label>
        <select
          {...getSelectProps(state)}
          autoComplete="address-level1"
          aria-invalid={stateError ? true : undefined}
          aria-describedby={stateError ? state.errorId : undefined}
          className="w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600"
        >
          <option value="">Select a state</option>
          {INDIAN_STATES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <p id={state.errorId} className="min-h-4 text-xs text-red-700" role={stateError ? "alert" : undefined}>
          {stateError}
        </p>
      </div>
      <ConformField field={fields.zipcode} label="PIN code" type="text" inputMode="numeric" autoComplete="postal-code" maxLength={6} />
      <ConformField
        field={fields.country}
        label="Country"
        type="text"
        defaultValue={fields.country.initialValue ?? DEFAULT_COUNTRY}
        autoComplete="country-name"
      />
    </div>
  );
}
