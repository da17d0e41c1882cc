import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { AuthCard } from "~/components/auth-card";
import { FormError, primaryButton, useClearedPasswords } from "~/components/form-field";
import { LinkProblem } from "~/components/link-problem";
import { useIsPending } from "~/components/use-is-pending";
import { fieldsNamed, formErrorsOf } from "~/lib/userapp/refusals.server";
import { linkPageHeaders, linkProblemOf, openedLink } from "~/lib/account/account-links.server";
import { resetPasswordSchema } from "~/lib/account/account-schemas";
import { seo } from "~/lib/page/seo";
import { signOutHeaders } from "~/lib/session/session.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/reset-password";

const PATH = "/reset-password";
const PASSWORDS = ["newPassword", "confirmPassword"];
const ASK_AGAIN = { to: "/forgot-password", label: "Ask for a new link" };

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, {
    title: "Choose a new password",
    description: "Set a new password for your Mart account.",
    path: PATH,
  }),
  { name: "robots", content: "noindex" },
];

export const headers = linkPageHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { token, problem } = await openedLink(request, context, "password-reset");
  return { token, problem };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: PASSWORDS }), problem: null }, { status: 400 });
  const { token, newPassword } = submission.value;
  const result = await context.api.public.resetPassword(token, newPassword);
  if (!result.ok) {
    // The link stopped working meanwhile (used, expired), or the password's field error.
    const linkRefused = result.code === "LINK_UNKNOWN" || result.code === "LINK_USED" || result.code === "LINK_EXPIRED";
    const problem = linkRefused ? linkProblemOf(result.message) : null;
    const { fieldErrors } = formErrorsOf(result, fieldsNamed(["newPassword"], { password: "newPassword" }));
    const formErrors =
      problem || Object.keys(fieldErrors).length > 0 ? [] : ["Something went wrong. Please try again."];
    return data(
      { result: submission.reply({ formErrors, fieldErrors, hideFields: PASSWORDS }), problem },
      { status: result.answerStatus },
    );
  }
  // Every session of the account has ended, this browser's too if it had one: the shopper signs in
  // with the new password, as a proof that they know it.
  return redirectWithSuccess("/login", "Your password has been changed. Please log in with your new password.", {
    headers: await signOutHeaders(request),
  });
}

/** Choose a new password, from the link of a "Forgot password" email. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending({ formAction: PATH });
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(resetPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetPasswordSchema }),
  });
  useClearedPasswords(actionData?.result, fields.newPassword.id, fields.confirmPassword.id);
  const problem = actionData?.problem ?? loaderData.problem;
  return (
    <AuthCard title="Choose a new password" intro="Your new password signs you out of every device.">
      {problem ? (
        <LinkProblem problem={problem} askAgain={ASK_AGAIN} />
      ) : (
        <Form
          method="post"
          action={`${PATH}?token=${encodeURIComponent(loaderData.token)}`}
          {...getFormProps(form)}
          className="flex flex-col gap-3"
        >
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? "Saving..." : "Set new password"}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
