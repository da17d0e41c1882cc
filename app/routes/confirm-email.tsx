import { data, Form } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormError, primaryButton } from "~/components/form-field";
import { LinkProblem } from "~/components/link-problem";
import { useIsPending } from "~/components/use-is-pending";
import { linkPageHeaders, openedLink } from "~/lib/account/account-links.server";
import { seo } from "~/lib/page/seo";
import { readToken } from "~/lib/session/session.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/confirm-email";

const PATH = "/confirm-email";
const ASK_AGAIN = { to: "/myaccount/profile/edit", label: "Change your email again" };

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, {
    title: "Confirm your new email",
    description: "Confirm the new email of your Mart account.",
    path: PATH,
  }),
  { name: "robots", content: "noindex" },
];

export const headers = linkPageHeaders;

export function loader({ request, context }: Route.LoaderArgs) {
  return openedLink(request, context, "email-change");
}

// Opening the link only shows the page (mail scanners open links too); the button makes the change.
export async function action({ request, context }: Route.ActionArgs) {
  const token = String((await request.formData()).get("token") ?? "");
  const result = await context.api.public.confirmEmail(token);
  if (!result.ok) {
    // The link stopped working, or another account took the address meanwhile (EMAIL_TAKEN).
    const message = result.message || "Something went wrong. Please try again.";
    const linkRefused = result.code === "LINK_UNKNOWN" || result.code === "LINK_USED" || result.code === "LINK_EXPIRED";
    return data(
      { problem: linkRefused ? message : null, error: linkRefused ? null : message },
      { status: result.answerStatus },
    );
  }
  const signedIn = (await readToken(request)) !== null;
  return redirectWithSuccess(
    signedIn ? "/myaccount/profile" : "/login",
    `Your email address has been changed. You sign in with ${result.data.email} from now on.`,
  );
}

/** Confirm a new email, from the link sent to that address. */
export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending({ formAction: PATH });
  const problem = actionData?.problem ?? loaderData.problem;
  return (
    <AuthCard title="Confirm your new email" intro="Your account signs in with its new email once you confirm it.">
      {problem ? (
        <LinkProblem problem={problem} askAgain={ASK_AGAIN} />
      ) : (
        <Form
          method="post"
          action={`${PATH}?token=${encodeURIComponent(loaderData.token)}`}
          className="flex flex-col gap-3"
        >
          <FormError id="confirm-email-error" errors={actionData?.error ? [actionData.error] : undefined} />
          <p className="text-sm text-gray-800">
            New email: <strong>{loaderData.newEmail}</strong>
          </p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? "Confirming..." : "Confirm new email"}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
