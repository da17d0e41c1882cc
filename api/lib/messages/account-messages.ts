import { render } from "@react-email/render";
import { createElement } from "react";
import type { ShopIdentity } from "../context";
import type { NewMessage } from "./outbox";
import { AccountEmail, type AccountEmailProps } from "./templates/account-email";

/** What happened to an account, as its message names it (`messages.kind`). */
export type AccountMessageKind =
  | "account.passwordReset"
  | "account.passwordChanged"
  | "account.emailConfirm"
  | "account.emailTaken"
  | "account.emailChangeRequested"
  | "account.emailChanged"
  | "account.registerAttempt";

type Body = Pick<AccountEmailProps, "heading" | "intro" | "link"> & {
  /** Sentences after the link. */
  outro?: string[];
};

/**
 * An account message: the HTML from the React Email template (templates/account-email.tsx), the
 * text written here, in the shape of the order messages (api/lib/messages/order-messages.ts).
 */
async function accountMessage(
  kind: AccountMessageKind,
  to: string,
  subject: string,
  body: Body,
  shop: ShopIdentity,
  userId: string | null,
): Promise<NewMessage> {
  const outro = body.outro ?? [];
  const fullSubject = `${shop.name}: ${subject}`;
  const text = [
    body.heading,
    "",
    ...body.intro.flatMap((sentence) => [sentence, ""]),
    ...(body.link ? [`${body.link.label}: ${body.link.href}`, ""] : []),
    ...outro.flatMap((sentence) => [sentence, ""]),
    `Questions? Write to ${shop.supportEmail}.`,
    shop.name,
  ].join("\n");
  const html = await render(createElement(AccountEmail, { ...body, outro, shop, subject: fullSubject }));
  return { kind, to, subject: fullSubject, html, text, userId };
}

const forgotLink = (shop: ShopIdentity) => ({ label: "Set a new password", href: `${shop.origin}/forgot-password` });

/** The link that sets a new password, to the account's address. */
export function passwordResetMessage(
  to: string,
  token: string,
  shop: ShopIdentity,
  userId: string,
): Promise<NewMessage> {
  return accountMessage(
    "account.passwordReset",
    to,
    "reset your password",
    {
      heading: "Reset your password",
      intro: ["Someone, we hope you, asked to set a new password for your account. Open this link to choose one:"],
      link: { label: "Choose a new password", href: `${shop.origin}/reset-password?token=${token}` },
      outro: [
        "The link works once, for 30 minutes.",
        "If you did not ask for it, ignore this message: your password stays as it is.",
      ],
    },
    shop,
    userId,
  );
}

/** Tells the owner that the password was changed, with the way back if it was not them. */
export function passwordChangedMessage(to: string, shop: ShopIdentity, userId: string): Promise<NewMessage> {
  return accountMessage(
    "account.passwordChanged",
    to,
    "your password was changed",
    {
      heading: "Your password was changed",
      intro: [
        "The password of your account was changed, and the other devices signed in to it were signed out.",
        "If this was not you, set a new password at once and write to us:",
      ],
      link: forgotLink(shop),
    },
    shop,
    userId,
  );
}

/** The link that makes `to` the account's new email address. */
export function emailConfirmMessage(
  to: string,
  token: string,
  shop: ShopIdentity,
  userId: string,
): Promise<NewMessage> {
  return accountMessage(
    "account.emailConfirm",
    to,
    "confirm your new email address",
    {
      heading: "Confirm your new email address",
      intro: [
        `You asked to sign in to your ${shop.name} account with this address from now on. Open this link to confirm it:`,
      ],
      link: { label: "Confirm this address", href: `${shop.origin}/confirm-email?token=${token}` },
      outro: [
        "The link works once, for 24 hours. Until you open it, your account keeps its old address.",
        "If you did not ask for this, ignore this message: nothing changes.",
      ],
    },
    shop,
    userId,
  );
}

/** Sent instead of the confirmation when `to` already has an account of its own: nothing changes. */
export function emailTakenMessage(to: string, shop: ShopIdentity): Promise<NewMessage> {
  return accountMessage(
    "account.emailTaken",
    to,
    "this address already has an account",
    {
      heading: "This address already has an account",
      intro: [
        `Someone asked to move another ${shop.name} account to this email address, but this address already has an account, so nothing was changed.`,
        "If it was you, sign in with this address instead. Forgotten its password?",
      ],
      link: forgotLink(shop),
    },
    shop,
    null,
  );
}

/** Tells the old address that a change to `newEmail` was asked for. */
export function emailChangeRequestedMessage(
  to: string,
  newEmail: string,
  shop: ShopIdentity,
  userId: string,
): Promise<NewMessage> {
  return accountMessage(
    "account.emailChangeRequested",
    to,
    "a change of your email address was requested",
    {
      heading: "A change of your email address was requested",
      intro: [
        `We were asked to change the email address of your account to ${newEmail}. It changes only when the link we sent to that address is opened.`,
        "If this was not you, nothing changes unless that link is opened; set a new password to be safe:",
      ],
      link: forgotLink(shop),
    },
    shop,
    userId,
  );
}

/** Tells the old address that the account now signs in with `newEmail`. */
export function emailChangedMessage(
  to: string,
  newEmail: string,
  shop: ShopIdentity,
  userId: string,
): Promise<NewMessage> {
  return accountMessage(
    "account.emailChanged",
    to,
    "your email address was changed",
    {
      heading: "Your email address was changed",
      intro: [
        `Your account now signs in with ${newEmail}; we will write to that address from now on.`,
        `If this was not you, write to us at once at ${shop.supportEmail}.`,
      ],
    },
    shop,
    userId,
  );
}

/** To the owner of `to`, when someone registers with it again. */
export function registerAttemptMessage(to: string, shop: ShopIdentity, userId: string): Promise<NewMessage> {
  return accountMessage(
    "account.registerAttempt",
    to,
    "someone tried to register with your address",
    {
      heading: "Someone tried to register with your address",
      intro: [
        `Someone tried to create a ${shop.name} account with this email address, but you already have one, so nothing was changed.`,
        "Did you forget your password? You can set a new one here:",
      ],
      link: forgotLink(shop),
      outro: ["If it was not you, you can ignore this message."],
    },
    shop,
    userId,
  );
}
