import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import { AccountPanel } from "~/components/account/account-panel";
import { ConformField } from "~/components/account/conform-field";
import { NewPasswordFields } from "~/components/account/new-password-fields";
import { FormError, primaryButton, useClearedPasswords } from "~/components/form-field";
import { useIsPending } from "~/components/use-is-pending";
import { refusedForm } from "~/lib/account/account-forms.server";
import { fieldsNamed, formErrorsOf } from "~/lib/userapp/refusals.server";
import { passwordChangeSchema } from "~/lib/account/account-schemas";
import { seo } from "~/lib/page/seo";
import { destroySession, getSession } from "~/lib/session/session.server";
import { requireShopperProfile } from "~/lib/session/require-shopper.server";
import { redirectWithError, redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/myaccount.settings";

const PATH = "/myaccount/settings";
const PASSWORDS = ["currentPassword", "newPassword", "confirmPassword"];

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Settings", description: "Change your password or sign out everywhere.", path: PATH }),
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireShopperProfile(request, context);
  const formData = await request.formData();

  if (formData.get("intent") === "logout-all") {
    const result = await api.logoutAll();
    if (!result.ok)
      return redirectWithError(PATH, `Failed to sign out of all devices: ${result.message || "Unknown error"}`);
    // Every token is revoked, this browser's too: its cookie goes as well.
    return redirectWithSuccess("/", "You have been logged out of all devices.", {
      headers: { "Set-Cookie": await destroySession(await getSession(request)) },
    });
  }

  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: PASSWORDS }) }, { status: 400 });
  const { currentPassword, newPassword } = submission.value;
  const result = await api.changePassword(currentPassword, newPassword);
  if (!result.ok) {
    const message = result.message || "Unknown error";
    const fieldErrors =
      result.code === "WRONG_PASSWORD"
        ? { currentPassword: [message] }
        : formErrorsOf(result, fieldsNamed(["currentPassword", "newPassword"])).fieldErrors;
    return refusedForm(
      submission.reply({ formErrors: [`Failed to change password: ${message}`], fieldErrors, hideFields: PASSWORDS }),
      result.answerStatus,
    );
  }
  return redirectWithSuccess(PATH, "Password changed successfully. Other devices have been signed out.");
}

/** Settings: change the password; sign out of every device. */
export default function Settings({ actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: actionData?.result,
    constraint: getZodConstraint(passwordChangeSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
  });
  useClearedPasswords(actionData?.result, fields.currentPassword.id, fields.newPassword.id, fields.confirmPassword.id);
  const changingPassword = useIsPending({ formAction: PATH, fields: { intent: "password" } });
  const signingOut = useIsPending({ formAction: PATH, fields: { intent: "logout-all" } });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-gray-900">Settings</h1>
      <AccountPanel id="password-title" title="Change password" level={2}>
        <Form method="post" action={PATH} {...getFormProps(form)} className="flex max-w-md flex-col gap-3">
          <FormError id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="password" />
          <ConformField
            field={fields.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <NewPasswordFields newPassword={fields.newPassword} confirmPassword={fields.confirmPassword} />
          <button type="submit" className={primaryButton} disabled={changingPassword}>
            {changingPassword ? "Changing password..." : "Change password"}
          </button>
        </Form>
      </AccountPanel>
      <AccountPanel id="devices-title" title="Sign out of all devices" level={2}>
        <p className="mb-4 text-sm text-gray-600">
          Ends every session of your account, on this device too. You will need your password to sign in again.
        </p>
        <Form method="post" action={PATH}>
          <button
            type="submit"
            name="intent"
            value="logout-all"
            disabled={signingOut}
            className="rounded-md border border-red-700 px-5 py-2.5 font-semibold text-red-700 hover:bg-red-700 hover:text-white"
          >
            Sign out of all devices
          </button>
        </Form>
      </AccountPanel>
    </div>
  );
}
