import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import { data, Form, useNavigation } from "react-router";
import { useAccount } from "~/components/account/account-user";
import { FormActions } from "~/components/account/form-actions";
import { RouteDialog } from "~/components/account/route-dialog";
import { ConformField } from "~/components/account/conform-field";
import { FormError } from "~/components/form-field";
import { apiFieldErrors, refusedForm, refusedStatus, requireProfile } from "~/lib/account.server";
import { profileSchema } from "~/lib/account-schemas";
import { seo } from "~/lib/seo";
import type { UserJson } from "~/lib/shopper.server";
import { redirectWithSuccess } from "~/lib/toast.server";
import { callUserapp } from "~/lib/userapp.server";
import type { Route } from "./+types/myaccount.profile.edit";

const PATH = "/myaccount/profile/edit";
const PROFILE = "/myaccount/profile";
const PROFILE_FIELDS = new Set(["name", "email", "phone"]);

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Edit Profile", description: "Change your name, email and phone.", path: PATH }),
  { name: "robots", content: "noindex" },
];

export async function action({ request, context }: Route.ActionArgs) {
  // The id is the profile's own, never one from the form.
  const { token, user } = await requireProfile(request, context);
  const submission = parseWithZod(await request.formData(), { schema: profileSchema(user.country_code) });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const { name, email, phone } = submission.value;
  const result = await callUserapp<UserJson>(context, "PUT", `user/update/${user.id}`, {
    token,
    body: { name, email, phone: phone ?? null },
  });
  if (!result.ok) {
    const message = result.envelope.message || "Unknown error";
    // 409 is a taken email; a 422 names its fields.
    const fieldErrors =
      result.httpStatus === 409 ? { email: [message] } : apiFieldErrors(result, (path) => (PROFILE_FIELDS.has(path) ? path : null));
    return refusedForm(submission.reply({ formErrors: [`Failed to update profile: ${message}`], fieldErrors }), refusedStatus(result));
  }
  return redirectWithSuccess(PROFILE, "Profile updated successfully");
}

/** Edit Profile: a dialog over the profile with JavaScript, a page of its own without. */
export default function EditProfile({ actionData }: Route.ComponentProps) {
  const { user } = useAccount();
  const navigation = useNavigation();
  const schema = useMemo(() => profileSchema(user.country_code), [user.country_code]);
  const [form, fields] = useForm({
    id: "edit-profile",
    lastResult: actionData?.result,
    defaultValue: { name: user.name ?? "", email: user.email, phone: user.phone ?? "" },
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const busy = navigation.state === "submitting" && navigation.formAction === PATH;
  return (
    <RouteDialog title="Edit Profile" closeTo={PROFILE}>
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
        <FormActions cancelTo={PROFILE} submit="Save Changes" pending={busy ? "Updating your profile..." : null} />
      </Form>
    </RouteDialog>
  );
}
