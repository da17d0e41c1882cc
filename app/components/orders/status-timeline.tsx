import type { OrderJson } from "../../../api/contract/types";
import { formatOrderDate, formatOrderTime, type TimelineStep, type TimelineTone } from "../../lib/orders/order-format";

const DOT: Record<TimelineTone, string> = {
  done: "border-brand bg-brand",
  waiting: "border-amber-500 bg-amber-100",
  stopped: "border-red-600 bg-red-600",
  ahead: "border-gray-300 bg-white",
};

/** The order's timeline top to bottom (timelineOf): each step reached with its time, the rest grey. */
export function StatusTimeline({ steps }: { steps: TimelineStep[] }) {
  return (
    <ol className="relative space-y-4 border-l-2 border-gray-200 pl-6" aria-label="Order status">
      {steps.map((step) => (
        <li key={step.key} className="relative" data-tone={step.tone}>
          <span
            aria-hidden="true"
            className={`absolute top-1 -left-[31px] size-3.5 rounded-full border-2 ${DOT[step.tone]}`}
          />
          <p className={`font-medium ${step.tone === "ahead" ? "text-gray-500" : "text-gray-900"}`}>
            {step.label}
            {step.at ? <span className="font-normal text-gray-600">{` · ${formatOrderTime(step.at)}`}</span> : null}
          </p>
          {step.detail ? (
            <p className={`text-sm break-words ${step.tone === "waiting" ? "text-amber-800" : "text-gray-600"}`}>
              {step.detail}
            </p>
          ) : null}
          {step.trackingUrl ? (
            <a
              href={step.trackingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="text-sm font-semibold text-brand hover:underline"
            >
              Track the parcel<span className="sr-only"> (opens the courier&apos;s site)</span>
            </a>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** What each of an order's notes that the timeline does not show says, after its date. */
const NOTE_TEXT: Record<
  "paidAfterCancellation" | "reinstated",
  { term: string; text: (detail: string | null) => string }
> = {
  paidAfterCancellation: {
    term: "Paid after cancellation",
    text: (utr) =>
      `The payment${utr ? ` (UTR ${utr})` : ""} came after the order was cancelled: it is refunded unless the order is reinstated.`,
  },
  reinstated: { term: "Reinstated", text: () => "The order goes ahead on the payment that came late." },
};

type OrderNote = OrderJson["notes"][number];
type PaymentNote = OrderNote & { kind: keyof typeof NOTE_TEXT };

/** A late payment and its reinstatement, beside the timeline (which says why an order stopped). */
export function OrderReasons({ order }: { order: Pick<OrderJson, "notes"> }) {
  const notes = order.notes.filter((note): note is PaymentNote => note.kind in NOTE_TEXT);
  if (notes.length === 0) return null;
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {notes.map((note) => (
        <div key={`${note.kind}-${note.at}`} className="contents">
          <dt className="text-gray-600">{NOTE_TEXT[note.kind].term}</dt>
          <dd className="break-words">{`${formatOrderDate(note.at)}: ${NOTE_TEXT[note.kind].text(note.detail)}`}</dd>
        </div>
      ))}
    </dl>
  );
}
