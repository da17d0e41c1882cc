import type { ReactNode } from "react";
import { data, isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import { BOOT_SCRIPT } from "./lib/platform/boot-script";
import { AppLinks } from "./components/app-link";
import { ErrorPart } from "./components/layout/error-part";
import { LogoMark } from "./components/layout/icons";
import { Toaster } from "./components/toaster";
import { publicOrigin, storefrontConfig } from "./lib/platform/config.server";
import { useNonce } from "./lib/platform/nonce";
import { SAVE_DATA_ATTRIBUTE, useSaveData } from "./lib/platform/save-data";
import { SHOP_NAME, seo } from "./lib/page/seo";
import { readToken, signOutHeaders } from "./lib/session/session.server";
import { EMPTY_CART, type RootData } from "./lib/page/root-data";
import { mapResult } from "./lib/userapp/shopper.server";
import { toShopper } from "./lib/session/signed-in-user.server";
import { getToast } from "./lib/forms/toast.server";
import { PersistedRoot } from "./state/persisted-root";
import type { Route } from "./+types/root";
import "./app.css";

/** RootData plus the public origin that seo() builds absolute links on. */
export type RootLoaderData = RootData & { origin: string };

// Runs on every navigation: a guest costs no API call; a signed-in shopper costs one, the
// summary (user, cart, wishlist and compare ids), and the back office only the profile (its pages
// use none of the rest). A token the API no longer accepts signs the browser out.
// Softer than requireShopper (shopper-api.server.ts): every page shows, so when the API fails
// the page is shown as to a guest.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await getToast(request);
  const guest: RootLoaderData = {
    user: null,
    cart: EMPTY_CART,
    wishlistIds: [],
    compareIds: [],
    supportEmail: storefrontConfig().supportEmail,
    toast,
    origin: publicOrigin(request),
  };
  const token = await readToken(request);
  if (!token) return data(guest, { headers });

  const api = context.api.shopper(token);
  const summary = BACK_OFFICE.test(new URL(request.url).pathname)
    ? mapResult(await api.me(), (user) => ({ user, cart: EMPTY_CART, wishlistIds: [], compareIds: [] }))
    : await api.summary();
  if (!summary.ok && summary.code === "UNAUTHENTICATED") {
    for (const [name, value] of await signOutHeaders(request)) headers.append(name, value);
    return data(guest, { headers });
  }
  if (!summary.ok) return data(guest, { headers });
  const { user, cart, wishlistIds, compareIds } = summary.data;
  return data({ ...guest, user: toShopper(user), cart, wishlistIds, compareIds } satisfies RootLoaderData, { headers });
}

/** /admin and its pages, also as React Router's `.data` requests. */
const BACK_OFFICE = /^\/admin(?:[/.]|$)/;

// Used only by a route that has no meta of its own.
export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: SHOP_NAME,
    description: "Shop electronics, fashion, home decor and televisions at great prices across India.",
    path: args.location.pathname,
  });

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Tells the browser, for hydration, that the server left out decorations (app/lib/platform/save-data.ts).
  const saveData = { [SAVE_DATA_ATTRIBUTE]: useSaveData() ? "on" : undefined };
  return (
    <html lang="en-IN" {...saveData}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b7a3e" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-gray-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce || undefined} />
        <Scripts nonce={nonce || undefined} />
        {/* Starts the JavaScript after the first paint (app/lib/platform/boot-script.ts); the browser's render leaves it empty. */}
        <script
          nonce={nonce || undefined}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? BOOT_SCRIPT : "" }}
        />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <PersistedRoot root={loaderData}>
      <Outlet />
      <AppLinks />
      <Toaster toast={loaderData.toast} />
    </PersistedRoot>
  );
}

// Reached only when the root loader or the main layout itself fails: a plain page that
// cannot fail again, still with a way back to the shop (routes/layout.tsx handles the rest).
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto max-w-7xl px-4 py-3">
          <Link to="/" className="inline-flex items-center gap-1.5 text-brand" aria-label="Mart, home">
            <LogoMark className="size-8" />
            <span className="text-2xl font-extrabold tracking-tight text-gray-900">Mart</span>
          </Link>
        </div>
      </header>
      <main id="main">
        <ErrorPart status={status} />
      </main>
    </>
  );
}
