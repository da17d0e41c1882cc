import type { AdminEvent } from "../../../api/contract/types";
import type { ReasonList } from "../../../api/contract/order-reasons";

/** The changes that say why, each in its own form. */
export const REASON_CHANGES: {
  intent: AdminEvent;
  list: ReasonList;
  id: string;
  label: string;
  hint: string;
  button: string;
  busy: string;
}[] = [
  {
    intent: "returnToOrigin",
    list: "returnToOrigin",
    id: "origin-reason",
    label: "Why did the parcel come back?",
    hint: "Its stock comes back; a paid order becomes refund due.",
    button: "Mark as returned to origin",
    busy: "Marking as returned…",
  },
  {
    intent: "cancel",
    list: "adminCancel",
    id: "cancel-reason",
    label: "Reason for cancelling",
    hint: "The shopper reads it on their order page.",
    button: "Cancel order",
    busy: "Cancelling…",
  },
];
