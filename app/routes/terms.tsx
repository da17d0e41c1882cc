import { Link } from "react-router";
import { PLATFORM_FEE } from "../../api/contract";
import { LegalHeading, LegalPage } from "~/components/legal/legal-page";
import { formatRupees } from "~/lib/page/money";
import { useRootData } from "~/lib/page/root-data";
import { seo } from "~/lib/page/seo";
import { CATALOGUE_CACHE } from "~/lib/platform/http-cache";
import type { Route } from "./+types/terms";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Terms and conditions",
    description: "How buying from the shop works: prices, payment, delivery, cancellation, returns and refunds.",
    path: "/terms",
  });

export function headers() {
  return { "Cache-Control": CATALOGUE_CACHE };
}

/** The terms a shopper accepts at sign-up and checkout; what they say is what the shop does. */
export default function Terms() {
  const { supportEmail } = useRootData();
  const support = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <LegalPage title="Terms and conditions" updated="2 December 2026">
      <p>
        These terms apply when you create an account or buy from this shop. By accepting them at sign-up or at checkout
        you agree to them; our <Link to="/privacy">privacy policy</Link> says what we do with your details.
      </p>
      <LegalHeading>Prices and what you pay</LegalHeading>
      <p>
        Prices are in Indian rupees and include GST. Each order adds a platform fee of {formatRupees(PLATFORM_FEE)},
        shown before you place it; delivery is free. The amount on the checkout page is the amount you pay, and your tax
        invoice shows the GST in it.
      </p>
      <LegalHeading>Placing an order</LegalHeading>
      <p>
        An order is placed when you confirm it at checkout and we have the stock for it; until then nothing is set aside
        for you. We deliver only to PIN codes our couriers serve, and the checkout says so before you pay.
      </p>
      <LegalHeading>Paying</LegalHeading>
      <p>
        You can pay online by UPI or pay in cash on delivery. An order paid by UPI must be paid within the time shown on
        its page; an order not paid in time is cancelled and its items go back on sale. A Cash on Delivery order must be
        confirmed from the link we email you within the time the email gives; an order not confirmed in time is
        cancelled.
      </p>
      <LegalHeading>Cancelling</LegalHeading>
      <p>
        You can cancel an order from its page until it is shipped. If you had paid for it, the full amount is refunded
        to the account you paid from.
      </p>
      <LegalHeading>Returns and refunds</LegalHeading>
      <p>
        You can return a delivered order from its page within 7 days of delivery, saying why. What you paid for it is
        then refunded to the account you paid from (for a Cash on Delivery order, to a bank account you give us),
        usually within 7 working days, and we issue a credit note against its tax invoice. For anything else about an
        order, write to us at {support} with its order number.
      </p>
      <LegalHeading>Your account and your reviews</LegalHeading>
      <p>
        Keep your password to yourself; you are responsible for orders placed from your account. Reviews follow{" "}
        <Link to="/review-rules">our review rules</Link>.
      </p>
      <LegalHeading>Complaints</LegalHeading>
      <p>
        Write to our grievance officer at {support}. We acknowledge a complaint within 48 hours and resolve it within
        one month of receiving it, as the Consumer Protection (E-Commerce) Rules, 2020 require. These terms are governed
        by the laws of India.
      </p>
    </LegalPage>
  );
}
