import type { OrderJson } from "../../../api/contract/types";
import { formatOrderDate, type TimelineStep } from "./order-format";

/** The order's steps top to bottom; each confirmed one with its date. */
export function StatusTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="relative space-y-4 border-l-2 border-gray-200 pl-6" aria-label="Order status">
      {steps.map((step) => (
        <li key={step.key} className="relative">
          <span
            aria-hidden="true"
            className={`absolute top-1 -left-[31px] size-3.5 rounded-full border-2 ${
              step.done
                ? step.key === "cancel"
                  ? "border-red-600 bg-red-600"
                  : "border-brand bg-brand"
                : "border-gray-300 bg-white"
            }`}
          />
          <p className={`font-medium ${step.done ? "text-gray-900" : "text-gray-400"}`}>{step.label}</p>
          <p className="text-sm text-gray-600">
            {step.done && step.date ? `Confirmed - ${formatOrderDate(step.date)}` : step.done ? "Confirmed" : "Pending"}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** What each of an order's notes (its steps beyond `orderStatus`) says, after its date. */
const NOTE_TEXT: Record<OrderNote["kind"], { term: string; text: (detail: string | null) => string }> = {
  paidAfterCancellation: {
    term: "Paid after cancellation",
    text: (utr) =>
      `The payment${utr ? ` (UTR ${utr})` : ""} came after the order was cancelled: it is refunded unless the order is reinstated.`,
  },
  reinstated: { term: "Reinstated", text: () => "The order goes ahead on the payment that came late." },
  returnedToOrigin: {
    term: "Returned to origin",
    text: () => "The parcel came back to the seller undelivered, and the order is closed.",
  },
};

type OrderNote = OrderJson["notes"][number];

/** Why the order was cancelled or returned, when it was, and its steps beyond the usual ones. */
export function OrderReasons({ order }: { order: Pick<OrderJson, "cancelReason" | "returnReason" | "notes"> }) {
  if (!order.cancelReason && !order.returnReason && order.notes.length === 0) return null;
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {order.notes.map((note) => (
        <div key={`${note.kind}-${note.at}`} className="contents">
          <dt className="text-gray-600">{NOTE_TEXT[note.kind].term}</dt>
          <dd className="break-words">{`${formatOrderDate(note.at)}: ${NOTE_TEXT[note.kind].text(note.detail)}`}</dd>
        </div>
      ))}
      {order.cancelReason ? (
        <>
          <dt className="text-gray-600">Cancel reason</dt>
          <dd className="break-words">{order.cancelReason}</dd>
        </>
      ) : null}
      {order.returnReason ? (
        <>
          <dt className="text-gray-600">Return reason</dt>
          <dd className="break-words">{order.returnReason}</dd>
        </>
      ) : null}
    </dl>
  );
}
