import { useLocation } from "react-router";
import type { Toast } from "~/lib/shopper";

const tone: Record<Toast["type"], string> = {
  success: "border-green-600 bg-green-50 text-green-900",
  error: "border-red-600 bg-red-50 text-red-900",
  info: "border-sky-600 bg-sky-50 text-sky-900",
  warning: "border-amber-500 bg-amber-50 text-amber-900",
};

/**
 * The last action's message, top right. Rendered by the server too (role="status"), so it shows
 * without JavaScript; each navigation's toast gets its own element, so the timer starts again.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const location = useLocation();
  if (!toast) return null;
  return (
    <div className="pointer-events-none fixed top-4 right-4 z-[60] flex max-w-sm flex-col gap-2">
      <p
        key={location.key}
        role={toast.type === "error" ? "alert" : "status"}
        className={`toast rounded-md border-l-4 px-4 py-3 text-sm font-medium shadow-lg ${tone[toast.type]}`}
      >
        {toast.message}
      </p>
    </div>
  );
}
