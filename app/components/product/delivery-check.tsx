import { Form } from "react-router";
import { PIN_MESSAGE, UNKNOWN_PIN_MESSAGE } from "~/lib/checkout/pin-messages";
import type { DeliveryCheck as Check } from "~/lib/checkout/pincode.server";

/** "2026-11-27" → "Fri 27 Nov", as the cart page writes its delivery date. */
export function formatDeliveryDate(isoDate: string): string {
  const day = new Date(`${isoDate}T00:00:00Z`);
  const weekday = day.toLocaleDateString("en-GB", { weekday: "short", timeZone: "UTC" });
  const month = day.toLocaleDateString("en-GB", { month: "short", timeZone: "UTC" });
  return `${weekday} ${day.getUTCDate()} ${month}`;
}

function answerOf(check: Check): { text: string; ok: boolean } {
  switch (check.status) {
    case "malformed":
      return { text: PIN_MESSAGE, ok: false };
    case "unknown":
      return { text: UNKNOWN_PIN_MESSAGE, ok: false };
    case "unavailable":
      return { text: "We could not check this PIN code just now. Please try again.", ok: false };
    case "undeliverable":
      return { text: `We do not deliver to ${check.pin} (${check.place.city}, ${check.place.state}).`, ok: false };
    case "deliverable":
      return {
        text: `Delivery to ${check.place.city}, ${check.place.state} by ${formatDeliveryDate(check.estimate.deliveryBy!)}`,
        ok: true,
      };
  }
}

/** What the delivery check shows, as plain data: a kept part (app/lib/platform/kept.tsx). */
export type DeliveryCheckProps = { action: string; keep: Record<string, string>; check: Check | null };

/**
 * "Check delivery" by PIN code: a GET form back to the product page (`?pin=`, keeping the chosen
 * size and quantity), whose loader asks the API; works the same with and without JavaScript. The
 * product page keeps it as the server sent it until its props change (a size, a PIN).
 */
export function DeliveryCheck({ action, keep, check }: DeliveryCheckProps) {
  const answer = check ? answerOf(check) : null;
  return (
    <Form
      method="get"
      action={action}
      preventScrollReset
      replace
      className="flex flex-col gap-2"
      data-delivery-check
      // A kept part (the product page): without React's handlers, app-link.tsx submits it the same way.
      data-app-form
      data-keep-scroll
      data-replace
    >
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="delivery-pin" className="text-sm font-semibold text-gray-900">
        Check delivery
      </label>
      <div className="flex gap-2">
        <input
          id="delivery-pin"
          name="pin"
          type="text"
          inputMode="numeric"
          autoComplete="postal-code"
          pattern="[1-9][0-9]{5}"
          maxLength={6}
          required
          placeholder="PIN code"
          defaultValue={check?.pin ?? ""}
          aria-describedby={answer ? "delivery-answer" : undefined}
          title={PIN_MESSAGE}
          className="w-36 rounded-md border border-gray-300 px-3 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
        />
        <button
          type="submit"
          className="rounded-md border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand/10"
        >
          Check
        </button>
      </div>
      {answer ? (
        <p
          id="delivery-answer"
          role="status"
          className={`text-sm font-medium ${answer.ok ? "text-brand" : "text-red-700"}`}
          data-delivery={check?.status}
        >
          {answer.text}
        </p>
      ) : null}
    </Form>
  );
}
