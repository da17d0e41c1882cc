import { useRef } from "react";
import { type Toast, useRootData } from "~/lib/page/root-data";

const tone: Record<Toast["type"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
};

// Every toast the root loader answers is a new object, also after a fetcher's action (no navigation).
const toastIds = new WeakMap<Toast, number>();
let lastToastId = 0;

function toastId(toast: Toast): number {
  let id = toastIds.get(toast);
  if (id === undefined) {
    id = ++lastToastId;
    toastIds.set(toast, id);
  }
  return id;
}

/**
 * The last action's message, top right. Rendered by the server too (role="status"), so it shows
 * without JavaScript; each toast gets its own element, so the timer starts again, whether it came
 * with a navigation or with a fetcher's reload of the root data.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  if (!toast) return null;
  return (
    <div className="pointer-events-none fixed top-4 right-4 z-[60] flex max-w-sm flex-col gap-2">
      <p
        key={toastId(toast)}
        role={toast.type === "error" ? "alert" : "status"}
        className={`toast rounded-md border-l-4 px-4 py-3 text-sm font-medium shadow-lg ${tone[toast.type]}`}
      >
        {toast.message}
      </p>
    </div>
  );
}

/**
 * The toasts that arrive while a modal dialog is open, shown inside it: the page behind a modal
 * dialog is inert, so its own toaster is neither seen above the backdrop nor announced.
 */
export function DialogToaster() {
  const { toast } = useRootData();
  const shownBefore = useRef(toast);
  return <Toaster toast={toast === shownBefore.current ? null : toast} />;
}
