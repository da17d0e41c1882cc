import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormError, FormField, primaryButton, useClearedPasswords } from "~/components/form-field";
import { Toaster } from "~/components/toaster";
import { useIsPending } from "~/components/use-is-pending";
import { loginSchema } from "~/lib/account/account-schemas";
import { errorToast, toastOf } from "~/lib/forms/form-toast";
import { safeRedirect } from "~/lib/session/safe-redirect";
import { seo } from "~/lib/page/seo";
import { commitSession, getSession, readToken } from "~/lib/session/session.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import { apiFailed } from "~/lib/userapp/refusals.server";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Login", description: "Sign in to your Mart account.", path: "/login" }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  // Already signed in: straight on to where they were going.
  if (await readToken(request)) throw redirect(redirectTo || "/");
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { email, password, redirectTo } = submission.value;
  // The API counts failed attempts per shopper address too: it learns the address from
  // `context.userapp`, which server/site.ts binds to this request, never from a header.
  const result = await context.api.public.login({ username: email, password });
  if (!result.ok) {
    const message = `Login failed: ${result.message || "Invalid credentials"}`;
    const status = result.code === "TOO_MANY_ATTEMPTS" ? 429 : apiFailed(result) ? 500 : 400;
    return data(
      { result: submission.reply({ formErrors: [message], hideFields: ["password"] }), toast: errorToast(message) },
      { status },
    );
  }
  const session = await getSession(request);
  session.set("token", result.data.token);
  return redirectWithSuccess(safeRedirect(redirectTo), "Login successful! Welcome back.", {
    headers: { "Set-Cookie": await commitSession(session) },
  });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  // The query stays on the form's address, so a refused post re-renders with its redirectTo.
  const query = loaderData.redirectTo ? `?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "";
  const busy = useIsPending({ formAction: "/login" });
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  useClearedPasswords(actionData?.result, fields.password.id);
  return (
    <AuthCard title="Login" intro="Welcome back! Sign in to see your cart, wishlist and orders.">
      <Toaster toast={toastOf(actionData)} />
      <Form method="post" action={`/login${query}`} {...getFormProps(form)} className="flex flex-col gap-3">
        <FormError id={form.errorId} errors={form.errors} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormField
          label="Email"
          errorId={fields.email.errorId}
          errors={fields.email.errors}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "username" }}
        />
        <FormField
          label="Password"
          errorId={fields.password.errorId}
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        />
        <p className="-mt-2 text-right text-sm">
          <Link to="/forgot-password" className="text-brand hover:underline">
            Forgot password?
          </Link>
        </p>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? "Logging in..." : "Login"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-gray-600">
        New to Mart?{" "}
        <Link to={`/register${query}`} className="font-semibold text-brand hover:underline">
          Create an account
        </Link>
      </p>
    </AuthCard>
  );
}
