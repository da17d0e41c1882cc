import { type FieldMetadata, getSelectProps } from "@conform-to/react";
import { type MouseEvent, useRef, useState } from "react";
import { ConformField } from "~/components/account/conform-field";
import {
  ADDRESS_LABELS,
  type AddressInput,
  DEFAULT_COUNTRY,
  INDIAN_STATES,
  PIN_LOOKUP,
  PIN_PATTERN,
  UNKNOWN_PIN_MESSAGE,
} from "~/lib/account/address-schema";

/** The conform fields of a form built on `addressSchema` (its own fields or a nested fieldset). */
export type AddressFieldset = {
  [K in keyof AddressInput]-?: FieldMetadata<string, Record<string, unknown>, string[]>;
};

type PinStatus = { text: string; error: boolean } | null;

/**
 * City and state from the PIN code. Without JavaScript the "Look up" button posts the form
 * (`intent=lookup-pin`) and the action shows it again filled in. With JavaScript the PIN is looked
 * up as it is typed (GET /userapp/pincode/{pin}, same origin): city and state are filled when
 * empty or still what an earlier look-up put there; the button overwrites them.
 */
function usePinLookUp(cityName: string, stateName: string) {
  const [status, setStatus] = useState<PinStatus>(null);
  const filled = useRef<{ city: string; state: string } | null>(null);

  async function lookUp(input: HTMLInputElement, overwrite: boolean) {
    const pin = input.value.trim();
    if (!PIN_PATTERN.test(pin)) {
      setStatus(null);
      return;
    }
    let answer: { status: number; body: { data?: { city: string; state: string; states?: string[] } } };
    try {
      const response = await fetch(`/userapp/pincode/${pin}`, { headers: { accept: "application/json" } });
      answer = { status: response.status, body: await response.json() };
    } catch {
      return; // No answer: the shopper types city and state, as without the directory.
    }
    if (input.value.trim() !== pin) return; // The PIN changed while we asked.
    if (answer.status === 404) {
      setStatus({ text: UNKNOWN_PIN_MESSAGE, error: true });
      return;
    }
    const place = answer.body.data;
    if (answer.status !== 200 || !place) return;
    const form = input.form;
    const city = form?.elements.namedItem(cityName);
    const state = form?.elements.namedItem(stateName);
    const replaceable = (element: HTMLInputElement | HTMLSelectElement, last: string | undefined) =>
      overwrite || element.value.trim() === "" || element.value === last;
    // The PIN decides the state (the API refuses another): it is always filled, unless the PIN's
    // offices are in two states and the one chosen is among them.
    const states = place.states ?? [place.state];
    for (const [element, value, last] of [
      [city, place.city, filled.current?.city],
      [state, place.state, filled.current?.state],
    ] as const) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) continue;
      const isState = element === state;
      if (isState ? states.includes(element.value as never) : !replaceable(element, last)) continue;
      element.value = value;
      // conform follows the form's input events: the field counts as changed and is validated again.
      element.dispatchEvent(new Event("input", { bubbles: true }));
      element.dispatchEvent(new Event("change", { bubbles: true }));
    }
    filled.current = { city: place.city, state: place.state };
    setStatus({ text: `${place.city}, ${place.state}`, error: false });
  }

  return {
    status,
    onPinInput: (event: { currentTarget: HTMLInputElement }) => void lookUp(event.currentTarget, false),
    onLookUpClick: (event: MouseEvent<HTMLButtonElement>) => {
      const button = event.currentTarget;
      // Enter in another field "clicks" the form's first submit button, this one (detail 0, not
      // focused): the shopper meant to send the form, so it is sent without the look-up.
      if (event.detail === 0 && document.activeElement !== button) {
        event.preventDefault();
        button.form?.requestSubmit();
        return;
      }
      const pin = button.form?.elements.namedItem(button.dataset.pin ?? "");
      if (!(pin instanceof HTMLInputElement)) return;
      // With JavaScript the button asks the directory here; the form is not sent.
      event.preventDefault();
      void lookUp(pin, true);
    },
  };
}

/**
 * The address inputs (the recipient's name and mobile, locality, landmark, city, state, PIN code,
 * country and label), laid out for the account's address form and checkout alike. The form around
 * them owns submit and errors; its action answers the PIN's "Look up" button (`PIN_LOOKUP`,
 * app/lib/checkout/pincode.server.ts). `mobileRequired`: checkout's, where an order needs one.
 */
export function AddressFields({
  fields,
  defaults,
  mobileRequired = false,
}: {
  fields: AddressFieldset;
  /** The account's name and mobile number, a new address's to start with. */
  defaults?: { name: string; mobile: string };
  mobileRequired?: boolean;
}) {
  const state = fields.state;
  const stateError = state.errors?.[0];
  const pin = usePinLookUp(fields.city.name, state.name);
  return (
    <div className="grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2">
      {/* Enter in a field presses a form's first submit button: this unseen one sends the form as its
          own Save or Place Order button does, so Enter never means "Look up". */}
      <button type="submit" hidden>
        Submit
      </button>
      <ConformField
        field={fields.name}
        label="Recipient's name"
        type="text"
        autoComplete="name"
        defaultValue={fields.name.initialValue ?? defaults?.name}
      />
      <ConformField
        field={fields.mobile}
        label="Mobile number"
        type="tel"
        inputMode="tel"
        hint={
          mobileRequired ? "The courier calls this number." : "The courier calls this number; blank: your profile's."
        }
        autoComplete="tel"
        required={mobileRequired}
        defaultValue={fields.mobile.initialValue ?? defaults?.mobile}
      />
      <div className="sm:col-span-2">
        <ConformField
          field={fields.locality}
          label="Locality"
          type="text"
          hint="House number, street and area."
          autoComplete="address-line1"
        />
      </div>
      <div className="sm:col-span-2">
        <ConformField
          field={fields.landmark}
          label="Landmark (optional)"
          type="text"
          hint="Something near, to help the courier find it."
        />
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
      <div className="flex flex-col">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <ConformField
              field={fields.zipcode}
              label="PIN code"
              type="text"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              onInput={pin.onPinInput}
            />
          </div>
          <button
            type="submit"
            name={PIN_LOOKUP.name}
            value={PIN_LOOKUP.value}
            formNoValidate
            data-pin={fields.zipcode.name}
            onClick={pin.onLookUpClick}
            className="mt-6 shrink-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-semibold text-brand hover:border-brand"
          >
            Look up
          </button>
        </div>
        <p
          aria-live="polite"
          className={`-mt-3 min-h-4 text-xs ${pin.status?.error ? "text-red-700" : "text-gray-600"}`}
          data-pin-status
        >
          {pin.status?.text}
        </p>
      </div>
      <ConformField
        field={fields.country}
        label="Country"
        type="text"
        defaultValue={fields.country.initialValue ?? DEFAULT_COUNTRY}
        autoComplete="country-name"
      />
      <LabelChoice field={fields.label} />
    </div>
  );
}

/** Home, Work or Other: radio buttons, none chosen at first. */
function LabelChoice({ field }: { field: AddressFieldset["label"] }) {
  const error = field.errors?.[0];
  return (
    <fieldset className="sm:col-span-2" aria-describedby={error ? field.errorId : undefined}>
      <legend className="text-sm font-medium text-gray-800">Save as (optional)</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {ADDRESS_LABELS.map((label) => (
          <label
            key={label}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 py-1.5 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand/5"
          >
            <input
              type="radio"
              name={field.name}
              value={label}
              defaultChecked={field.initialValue === label}
              className="size-4 accent-brand"
            />
            {label}
          </label>
        ))}
      </div>
      <p id={field.errorId} className="min-h-4 text-xs text-red-700" role={error ? "alert" : undefined}>
        {error}
      </p>
    </fieldset>
  );
}
