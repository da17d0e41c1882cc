import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormError, FormField, primaryButton } from "~/components/form-field";
import { useIsPending } from "~/components/use-is-pending";
import { fieldsNamed, formErrorsOf } from "~/lib/userapp/refusals.server";
import { forgotPasswordSchema } from "~/lib/account/account-schemas";
import { seo } from "~/lib/page/seo";
import type { Route } from "./+types/forgot-password";

const PATH = "/forgot-password";

/** The one answer, whether or not the account exists and however often it was asked (docs/api.md). */
export const LINK_SENT = "If an account exists for that email, we have sent a link.";

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Forgot password", description: "Set a new password for your Mart account.", path: PATH }),
  { name: "robots", content: "noindex" },
];

export function loader({ request }: Route.LoaderArgs) {
  return { sent: new URL(request.url).searchParams.has("sent") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await context.api.public.forgotPassword(submission.value.email);
  if (!result.ok) {
    const { fieldErrors } = formErrorsOf(result, fieldsNamed(["email"]));
    const formErrors = Object.keys(fieldErrors).length > 0 ? [] : ["Something went wrong. Please try again."];
    return data({ result: submission.reply({ formErrors, fieldErrors }) }, { status: result.answerStatus });
  }
  // The same page for everyone, after a redirect so that a reload does not ask again.
  throw redirect(`${PATH}?sent`, 303);
}

/** Forgot password: asks for a link to set a new password; the answer never says whether the account exists. */
export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending({ formAction: PATH });
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(forgotPasswordSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: forgotPasswordSchema }),
  });
  return (
    <AuthCard
      title="Forgot password"
      intro="Enter the email you sign in with, and we will send you a link to choose a new password."
    >
      {loaderData.sent ? (
        <div
          role="status"
          className="mb-4 rounded-md border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900"
        >
          <p className="font-semibold">{LINK_SENT}</p>
          <p className="mt-1">
            The link works once, for 30 minutes. Nothing arrived after a few minutes? Check your spam folder, or ask
            again.
          </p>
        </div>
      ) : null}
      <Form method="post" action={PATH} {...getFormProps(form)} className="flex flex-col gap-3">
        <FormError id={form.errorId} errors={form.errors} />
        <FormField
          label="Email"
          errorId={fields.email.errorId}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Sending..." : "Send me a link"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-gray-600">
        Remembered it?{" "}
        <Link to="/login" className="font-semibold text-brand hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
