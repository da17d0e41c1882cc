// Whether the drawer is open: one flag shared by every cart link (header and bottom bar) and the one drawer.
let drawerOpen = false;
const listeners = new Set<() => void>();

export function setDrawerOpen(open: boolean) {
  if (drawerOpen === open) return;
  drawerOpen = open;
  for (const listener of listeners) listener();
}

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the drawer is open now. */
export const isDrawerOpen = () => drawerOpen;
