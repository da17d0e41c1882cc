import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { data, Form } from "react-router";
import { useAccount } from "~/lib/account/account-user";
import { FormActions } from "~/components/account/form-actions";
import { RouteDialog } from "~/components/account/route-dialog";
import { Toaster } from "~/components/toaster";
import { toastOf } from "~/lib/forms/form-toast";
import { ConformField } from "~/components/account/conform-field";
import { FormError, useClearedPasswords } from "~/components/form-field";
import { useIsPending } from "~/components/use-is-pending";
import { refusedFormWithToast } from "~/lib/account/account-forms.server";
import { fieldsNamed, formErrorsOf } from "~/lib/userapp/refusals.server";
import { emailChanges, profileSchema } from "~/lib/account/account-schemas";
import { seo } from "~/lib/page/seo";
import { requireShopperProfile } from "~/lib/session/require-shopper.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/myaccount.profile.edit";

const PATH = "/myaccount/profile/edit";
const PROFILE = "/myaccount/profile";
const PROFILE_FIELDS = new Set(["name", "email", "phone", "currentPassword"]);
// A password is never sent back into the page.
const HIDDEN = ["currentPassword"];

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Edit Profile", description: "Change your name, email and phone.", path: PATH }),
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  // The id is the profile's own, never one from the form.
  const { api, user } = await requireShopperProfile(request, context);
  const submission = parseWithZod(await request.formData(), { schema: profileSchema(user.country_code, user.email) });
  if (submission.status !== "success")
    return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 });

  const { name, email, phone, currentPassword } = submission.value;
  // The password goes only with a new email, the one change the API asks it for.
  const changesEmail = emailChanges(user.email, email);
  const result = await api.updateProfile(user.id, {
    name,
    email,
    phone: phone ?? null,
    ...(changesEmail ? { currentPassword } : {}),
  });
  if (!result.ok) {
    const message = result.message || "Unknown error";
    // A wrong current password is said at its field (too many of them: a form error); a VALIDATION names its fields.
    const fieldErrors =
      result.code === "WRONG_PASSWORD"
        ? { currentPassword: [message] }
        : formErrorsOf(result, fieldsNamed(PROFILE_FIELDS)).fieldErrors;
    const failure = `Failed to update profile: ${message}`;
    return refusedFormWithToast(
      submission.reply({ formErrors: [failure], fieldErrors, hideFields: HIDDEN }),
      result.answerStatus,
      failure,
    );
  }
  // A new email changes only when the link sent to it is used; the answer is the same whether or
  // not that address has an account (docs/api.md).
  return redirectWithSuccess(
    PROFILE,
    changesEmail
      ? `Profile updated successfully. We sent a link to ${email}: your email changes when you open it.`
      : "Profile updated successfully",
  );
}

/** Edit Profile: a dialog over the profile with JavaScript, a page of its own without. */
export default function EditProfile({ actionData }: Route.ComponentProps) {
  const { user } = useAccount();
  const schema = useMemo(() => profileSchema(user.country_code, user.email), [user.country_code, user.email]);
  const [form, fields] = useForm({
    id: "edit-profile",
    lastResult: actionData?.result,
    defaultValue: { name: user.name ?? "", email: user.email, phone: user.phone ?? "" },
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useClearedPasswords(actionData?.result, fields.currentPassword.id);
  const busy = useIsPending({ formAction: PATH });
  return (
    <RouteDialog title="Edit Profile" closeTo={PROFILE}>
      <Toaster toast={toastOf(actionData)} />
      <Form method="post" action={PATH} {...getFormProps(form)} className="flex flex-col gap-3">
        <FormError id={form.errorId} errors={form.errors} />
        <ConformField field={fields.name} label="Name" type="text" autoComplete="name" />
        <ConformField field={fields.email} label="Email" type="email" autoComplete="email" />
        <ConformField
          field={fields.phone}
          label={`Phone (+${user.country_code})`}
          // A text input: the Nu HTML Checker allows tel-national only there; inputMode keeps the phone keypad.
          type="text"
          inputMode="tel"
          hint={user.country_code === "91" ? "10 digits. Leave it empty to remove it." : "Leave it empty to remove it."}
          autoComplete="tel-national"
        />
        <ConformField
          field={fields.currentPassword}
          label="Current password"
          type="password"
          hint="Needed only when you change your email. We send a link to the new address to confirm it."
          autoComplete="current-password"
        />
        <FormActions cancelTo={PROFILE} submit="Save Changes" pending={busy ? "Updating your profile..." : null} />
      </Form>
    </RouteDialog>
  );
}
