import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { Toaster } from "~/components/toaster";
import { errorToast, toastOf } from "~/lib/forms/form-toast";
import { FormError, FormField, primaryButton, useClearedPasswords } from "~/components/form-field";
import { registerSchema } from "~/lib/account/account-schemas";
import { checkHoneypot, honeypotInputProps } from "~/lib/forms/honeypot.server";
import { HoneypotField } from "~/components/honeypot-field";
import { useIsPending } from "~/components/use-is-pending";
import { safeRedirect } from "~/lib/session/safe-redirect";
import { seo } from "~/lib/page/seo";
import { readToken } from "~/lib/session/session.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import { apiFailed, formErrorsOf } from "~/lib/userapp/refusals.server";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Register", description: "Create your Mart account.", path: "/register" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  if (await readToken(request)) throw redirect(redirectTo || "/");
  return { redirectTo, honeypot: await honeypotInputProps() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: registerSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  // A bot that filled the hidden field gets the same answer as a person with a typo, and no account.
  if (!(await checkHoneypot(formData))) {
    const message = "Registration failed: Please try again.";
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }), toast: errorToast(message) },
      { status: 400 },
    );
  }
  const { firstName, lastName, email, password, redirectTo } = submission.value;
  const result = await context.api.public.register({ firstName, lastName, email, password });
  if (!result.ok) {
    const message = `Registration failed: ${result.message || "Unknown error"}`;
    const { fieldErrors } = formErrorsOf(result, (path) => path);
    const status = result.code === "TOO_MANY_ATTEMPTS" ? 429 : apiFailed(result) ? 500 : 400;
    return data(
      {
        result: submission.reply({ formErrors: [message], fieldErrors, hideFields: ["password"] }),
        toast: errorToast(message),
      },
      { status },
    );
  }
  const next = safeRedirect(redirectTo, "");
  return redirectWithSuccess(
    next ? `/login?redirectTo=${encodeURIComponent(next)}` : "/login",
    "Registration successful! Please log in.",
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  // The query stays on the form's address, so a refused post re-renders with its redirectTo.
  const query = loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "";
  const busy = useIsPending({ formAction: "/register" });
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    constraint: getZodConstraint(registerSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registerSchema }),
  });
  useClearedPasswords(actionData?.result, fields.password.id);
  const terms = getInputProps(fields.terms, { type: "checkbox" });
  return (
    <AuthCard title="Register" intro="Create an account to keep a cart, a wishlist and your orders.">
      <Toaster toast={toastOf(actionData)} />
      <Form method="post" action={`/register${query}`} {...getFormProps(form)} className="flex flex-col gap-3">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <HoneypotField name={loaderData.honeypot.nameFieldName} />
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label="First name"
            errorId={fields.firstName.errorId}
            errors={fields.firstName.errors}
            inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
          />
          <FormField
            label="Last name"
            errorId={fields.lastName.errorId}
            errors={fields.lastName.errors}
            inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
          />
        </div>
        <FormField
          label="Email"
          errorId={fields.email.errorId}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <FormField
          label="Password"
          hint="At least 8 characters."
          errorId={fields.password.errorId}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        />
        <div>
          <label className="flex items-start gap-2 text-sm text-gray-800">
            {/* Not `required`: the shop's own message says what is missing, with and without JavaScript. */}
            <input
              {...terms}
              required={false}
              aria-invalid={fields.terms.errors ? true : undefined}
              aria-describedby={fields.terms.errors ? fields.terms.errorId : undefined}
              className="mt-0.5 size-4 accent-brand"
            />
            <span>
              I accept the{" "}
              <Link to="/terms" target="_blank" className="text-brand underline">
                terms and conditions
              </Link>
              .
            </span>
          </label>
          <p
            id={fields.terms.errorId}
            className="min-h-4 text-xs text-red-700"
            role={fields.terms.errors ? "alert" : undefined}
          >
            {fields.terms.errors?.[0]}
          </p>
        </div>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Registering your account..." : "Register"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-gray-600">
        Already have an account?{" "}
        <Link to={`/login${query}`} className="font-semibold text-brand hover:underline">
          Login
        </Link>
      </p>
    </AuthCard>
  );
}
