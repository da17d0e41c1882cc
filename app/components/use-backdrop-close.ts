import { type RefObject, useEffect } from "react";

/**
 * Closes a modal <dialog> when a click lands on its backdrop, which reaches the dialog element
 * itself. A pointer convenience only: Escape, the keyboard's way out, is built into <dialog>.
 */
export function useBackdropClose(ref: RefObject<HTMLDialogElement | null>) {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close();
    };
    dialog.addEventListener("click", onClick);
    return () => dialog.removeEventListener("click", onClick);
  }, [ref]);
}
