import { Link } from "react-router";
import { LegalHeading, LegalPage } from "~/components/legal/legal-page";
import { useRootData } from "~/lib/page/root-data";
import { seo } from "~/lib/page/seo";
import { CATALOGUE_CACHE } from "~/lib/platform/http-cache";
import type { Route } from "./+types/privacy";

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Privacy policy",
    description: "What the shop keeps about you, why, for how long, and how to see, correct or delete it.",
    path: "/privacy",
  });

export function headers() {
  return { "Cache-Control": CATALOGUE_CACHE };
}

/** What the shop keeps about a shopper and why (Digital Personal Data Protection Act, 2023); true to what the code does. */
export default function Privacy() {
  const { supportEmail } = useRootData();
  const support = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return (
    <LegalPage title="Privacy policy" updated="2 December 2026">
      <p>
        This policy says what we keep about you when you use this shop, why, and what you can ask of us. It goes with
        our <Link to="/terms">terms and conditions</Link>.
      </p>
      <LegalHeading>What we keep, and why</LegalHeading>
      <ul className="list-disc space-y-2 pl-5">
        <li>
          Your account: your name, email address, mobile number and password. We keep the password only as an argon2id
          hash, which cannot be turned back into the password.
        </li>
        <li>
          Your delivery addresses and orders: what you bought, where it goes and how you paid, to deliver it and to
          issue its tax invoice. We do not see or keep your UPI PIN or bank details.
        </li>
        <li>Your cart, wishlist and compare list, so they are there the next time you sign in.</li>
        <li>
          Your reviews and their photos, published with your name as our <Link to="/review-rules">review rules</Link>{" "}
          say. The location and camera details a photo may carry are removed when you upload it.
        </li>
        <li>
          The emails we send you about your account and orders, so we can see that they were sent, and for how long a
          link in them works.
        </li>
        <li>
          Network addresses: that of failed sign-ins, sign-ups and password resets for up to a day, to stop people
          guessing passwords or flooding the shop; and that of each device you sign in from for 30 days, so that someone
          guessing your password elsewhere cannot lock you out of your own.
        </li>
      </ul>
      <LegalHeading>Cookies</LegalHeading>
      <p>
        We set one cookie that keeps you signed in and one short-lived cookie for the message a page shows after a form.
        Your browser also keeps your name and cart totals for the header between tabs. We use no advertising or tracking
        cookies, and no one else's scripts run on our pages.
      </p>
      <LegalHeading>Who else sees it</LegalHeading>
      <p>
        The courier that delivers an order sees its address, your name and your mobile number. The shop's own systems
        that handle orders, set up by the shop's owner, receive your orders. We do not sell your details or share them
        for advertising.
      </p>
      <LegalHeading>How long we keep it</LegalHeading>
      <p>
        We keep your account until you ask us to delete it. Orders and tax invoices are records the GST law requires us
        to keep for at least six years, so we keep them, with the details on them, even after your account is deleted.
      </p>
      <LegalHeading>What you can ask of us</LegalHeading>
      <p>
        You can see and correct your profile and addresses in your account at any time. To get a copy of what we keep,
        to have your account deleted, or to withdraw your consent, write to {support}. Our grievance officer answers at
        the same address within one month; you may also complain to the Data Protection Board of India.
      </p>
    </LegalPage>
  );
}
