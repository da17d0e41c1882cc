import { type ReactNode, useId, useRef } from "react";
import { useNavigate, useOutlet } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { useBackdropClose } from "~/components/use-backdrop-close";
import { useBeforePaint } from "~/components/use-before-paint";

/**
 * A child route (Edit Profile, Add/Edit Address) shown over its parent page. Without JavaScript
 * it is a page of its own: the `<dialog>` is rendered open and sits in the page's flow. Once
 * JavaScript runs, the same element (and the form in it, with anything already typed) becomes
 * a modal; Escape, a click on the backdrop, or Cancel go back to `closeTo`.
 */
export function RouteDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useBeforePaint(() => {
    const dialog = ref.current;
    if (!hydrated || !dialog || dialog.matches(":modal")) return;
    // An open dialog cannot be made modal: it is closed and opened again in the same task.
    dialog.close();
    dialog.showModal();
  }, [hydrated]);

  useBackdropClose(ref);
  const back = () => navigate(closeTo, { preventScrollReset: true });
  const Heading = hydrated ? "h2" : "h1";
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onClose={(event) => {
        // The close() above queues a close event too, but the dialog is open again by then.
        if (!event.currentTarget.open) back();
      }}
      className="static m-0 w-full max-w-2xl bg-transparent p-0 text-gray-900 [&:modal]:fixed [&:modal]:inset-0 [&:modal]:m-auto [&:modal]:h-fit [&:modal]:max-h-[calc(100dvh-1rem)] [&:modal]:w-[min(40rem,calc(100vw-1rem))] [&:modal]:overflow-y-auto [&:modal]:rounded-2xl [&:modal]:bg-white [&:modal]:shadow-2xl [&:modal]:backdrop:bg-black/60"
    >
      <div className="rounded-lg border border-gray-200 bg-white p-5 sm:p-6 [:modal>&]:border-0">
        <Heading id={titleId} className="mb-4 text-xl font-bold text-gray-900">
          {title}
        </Heading>
        {children}
      </div>
    </dialog>
  );
}

/**
 * The parent page's content with its child route: without JavaScript a child route (the dialog)
 * replaces the content, so it reads as a page of its own; with JavaScript it opens over it.
 */
export function WithRouteDialog({ children }: { children: ReactNode }) {
  const outlet = useOutlet();
  const hydrated = useHydrated();
  return (
    <>
      {outlet && !hydrated ? null : children}
      {outlet}
    </>
  );
}
