import { type ComponentPropsWithoutRef, useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate, useSubmit } from "react-router";

/**
 * A link to one of our pages, for the places that repeat them by the hundred (the header's
 * category menus, the footer, the product cards: about 300 on /shop). It renders a plain `<a>`:
 * React Router's `<Link>` resolves its path, reads the location and sets up prefetching on every
 * render, which made links a fifth of a page's server render (docs/decisions/009-render-profile.md).
 *
 * With JavaScript, `<AppLinks />` (once, in root.tsx) follows a click on any of them through the
 * router, as `<Link>` would, and `prefetch` warms the page on hover or focus as `<Link
 * prefetch="intent">` does. `data-discover` lets React Router learn the route behind the link
 * (lazy route discovery) as it does for its own links. `to` is a path on this site.
 */
export function AppLink({
  to,
  prefetch = false,
  preventScrollReset,
  children,
  ...props
}: Omit<ComponentPropsWithoutRef<"a">, "href"> & { to: string; prefetch?: boolean; preventScrollReset?: boolean }) {
  return (
    <a
      {...props}
      href={to}
      data-discover="true"
      data-app-link={prefetch ? "prefetch" : ""}
      data-keep-scroll={preventScrollReset ? "" : undefined}
    >
      {children}
    </a>
  );
}

/** The app link an event happened in, if any. */
function appLinkOf(event: Event): HTMLAnchorElement | null {
  const anchor = event.target instanceof Element ? event.target.closest("a[data-app-link]") : null;
  return anchor instanceof HTMLAnchorElement ? anchor : null;
}

/** How long the pointer rests on a link before its page is prefetched (React Router's intent delay). */
const INTENT_MS = 100;

/**
 * One click listener for every AppLink of the page: a plain left click (no modifier key, no
 * other target, no download) that nothing else handled (the quick view claims its links first)
 * navigates in the app. Renders the prefetch links of the page the pointer or focus rests on.
 */
export function AppLinks() {
  const navigate = useNavigate();
  const submit = useSubmit();
  const [prefetch, setPrefetch] = useState<string | null>(null);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = appLinkOf(event);
      if (!anchor || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash, { preventScrollReset: anchor.hasAttribute("data-keep-scroll") });
    };
    // A form React does not render (a kept part's: app/lib/platform/kept.tsx) is submitted as a <Form> would be.
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute("data-app-form")) return;
      event.preventDefault();
      // `data-keep-scroll` and `data-replace` say what a <Form>'s preventScrollReset and replace would.
      submit(event.submitter instanceof HTMLButtonElement ? event.submitter : form, {
        preventScrollReset: form.hasAttribute("data-keep-scroll"),
        replace: form.hasAttribute("data-replace"),
      });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onIntent = (event: Event) => {
      const anchor = appLinkOf(event);
      if (anchor?.dataset.appLink !== "prefetch") return;
      clearTimeout(timer);
      const { pathname, search } = new URL(anchor.href);
      timer = setTimeout(() => setPrefetch(pathname + search), event.type === "focusin" ? 0 : INTENT_MS);
    };
    const onLeave = (event: Event) => {
      if (appLinkOf(event)) clearTimeout(timer);
    };
    // Bubbling on window: after React's own handlers and the quick view's, which may have claimed the click.
    window.addEventListener("click", onClick);
    window.addEventListener("submit", onSubmit);
    window.addEventListener("pointerover", onIntent, { passive: true });
    window.addEventListener("pointerout", onLeave, { passive: true });
    window.addEventListener("focusin", onIntent);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("click", onClick);
      window.removeEventListener("submit", onSubmit);
      window.removeEventListener("pointerover", onIntent);
      window.removeEventListener("pointerout", onLeave);
      window.removeEventListener("focusin", onIntent);
    };
  }, [navigate, submit]);

  return prefetch ? <PrefetchPageLinks page={prefetch} /> : null;
}
