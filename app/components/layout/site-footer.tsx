import { AppLink } from "~/components/app-link";
import { loginHref } from "~/lib/page/root-data";
import { HeadsetIcon, LogoMark, MailIcon } from "./icons";
import { FooterLinksContent } from "./footer-links";
import { LayoutPart } from "./part";

/** What the footer shows depends on this alone (a kept part: app/lib/platform/kept.tsx). */
export type FooterProps = { signedIn: boolean; supportEmail: string };

/** The content of the page's `<footer>`. A guest's account links lead to the login page, then on. */
export function FooterContent({ signedIn, supportEmail }: FooterProps) {
  const account = (path: string) => (signedIn ? path : loginHref(path));
  const usefulLinks = [
    { label: "Home", href: "/" },
    { label: "All Products", href: "/shop" },
    { label: "My Account", href: account("/myaccount/profile") },
    { label: "Orders", href: account("/myaccount/orders") },
    { label: "Wishlist", href: account("/wishlist") },
    { label: "Compare", href: account("/compare") },
    { label: "Cart", href: account("/mycart") },
  ];
  return (
    <>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 lg:grid-cols-4">
        <section aria-labelledby="footer-about" className="col-span-2 lg:col-span-1">
          <h2 id="footer-about" className="sr-only">
            About Mart
          </h2>
          <AppLink to="/" className="inline-flex items-center gap-1.5 text-brand">
            <LogoMark className="size-8 text-emerald-400" />
            <span className="text-2xl font-extrabold text-white">Mart</span>
          </AppLink>
          <p className="mt-3 leading-relaxed text-gray-400">
            Electronics, fashion, home decor and televisions for shoppers across India, priced in rupees. Pay by Cash on
            Delivery or Online Payment.
          </p>
        </section>
        <FooterLinks title="Useful links" links={usefulLinks} />
        <LayoutPart as="nav" aria-label="Footer: Categories" part="footer-categories" />
        <section aria-labelledby="footer-contact" className="col-span-2 lg:col-span-1">
          <h2 id="footer-contact" className="text-base font-semibold text-white">
            Contact
          </h2>
          <ul className="mt-4 space-y-3">
            <li className="flex items-center gap-2">
              <HeadsetIcon className="size-5 text-emerald-400" />
              24 Hour Support
            </li>
            <li className="flex items-center gap-2">
              <MailIcon className="size-5 text-emerald-400" />
              <a href={`mailto:${supportEmail}`} className="hover:text-white hover:underline">
                {supportEmail}
              </a>
            </li>
          </ul>
        </section>
      </div>
      {/* On phones the fixed bottom bar sits over this padding, never over the footer's text. */}
      <div className="border-t border-gray-800 pb-[calc(4.5rem+env(safe-area-inset-bottom))] md:pb-0">
        <div className="mx-auto flex max-w-7xl flex-wrap gap-x-6 gap-y-2 px-4 py-5 text-xs text-gray-400">
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> Mart. All rights reserved.
          </p>
          <LayoutPart as="nav" aria-label="Footer: Policies" part="footer-policies" className="flex gap-x-4" />
        </div>
      </div>
    </>
  );
}

function FooterLinks({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <nav aria-label={`Footer: ${title}`}>
      <FooterLinksContent title={title} links={links} />
    </nav>
  );
}
