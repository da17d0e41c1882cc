import { data, Form, Link } from "react-router";
import { STATE_NAMES } from "../../api/contract/states";
import { Field as AdminField, type FieldProps } from "~/components/admin/admin-field";
import { adminMeta, PageHeading } from "~/components/admin/catalogue-parts";
import { FormError, primaryButton } from "~/components/form-field";
import { usePending } from "~/components/use-is-pending";
import { ADMIN_MERCHANTS_PATH, adminMerchantPath } from "~/lib/admin/sections";
import { failedLoad } from "~/lib/admin/catalogue.server";
import { failedAdminCall, requireRecordId } from "~/lib/admin/orders.server";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.merchants.$id";
import { Textarea } from "~/components/textarea";

const NOT_FOUND = "Seller not found";
const FIELDS = ["companyName", "gstin", "state", "address"] as const;
type Field = (typeof FIELDS)[number];

export const meta: Route.MetaFunction = () => adminMeta("Seller");

/** One seller's details as its tax invoices print them. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const result = await api.merchant(requireRecordId(params.id, "Seller"));
  if (!result.ok) return failedLoad(request, result, NOT_FOUND);
  return { merchant: result.data };
}

export type MerchantActionData = {
  values: Record<Field, string>;
  fieldErrors: Partial<Record<Field, string>>;
  formError: string | null;
};

/** Saves the details through the API, which checks them (the GSTIN's check character, its state code): saved, back here with a toast; refused, the form again with the API's words. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const id = requireRecordId(params.id, "Seller");
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((field) => [field, String(form.get(field) ?? "")])) as Record<
    Field,
    string
  >;
  const result = await api.saveMerchant(id, values);
  if (result.ok) return redirectWithSuccess(adminMerchantPath(id), "The seller's details are saved.");
  const refused = (status: number, fieldErrors: MerchantActionData["fieldErrors"], formError: string | null) =>
    data<MerchantActionData>({ values, fieldErrors, formError }, { status });
  if (result.code === "VALIDATION") {
    const fieldErrors: MerchantActionData["fieldErrors"] = {};
    for (const item of result.data) {
      const field = FIELDS.find((name) => name === item.path);
      if (field && item.message) fieldErrors[field] ??= item.message;
    }
    return refused(422, fieldErrors, Object.keys(fieldErrors).length > 0 ? null : result.message);
  }
  if (result.code === "GSTIN_TAKEN") return refused(409, {}, result.message);
  if (result.code === "NOT_FOUND") throw data(NOT_FOUND, { status: 404 });
  return failedAdminCall(request, result);
}

export default function Merchant({ loaderData, actionData }: Route.ComponentProps) {
  const { merchant } = loaderData;
  const refusal = actionData as MerchantActionData | undefined;
  const pending = usePending({ formAction: adminMerchantPath(merchant._id) });
  const value = (field: Field) => refusal?.values[field] ?? merchant[field] ?? "";
  const field = (name: Field, label: string, hint: string, control: FieldProps["control"]) => (
    <AdminField id={name} label={label} hint={hint} error={refusal?.fieldErrors[name]} control={control} />
  );
  return (
    <section aria-labelledby="merchant-title" className="max-w-2xl">
      <Link to={ADMIN_MERCHANTS_PATH} className="text-sm font-semibold text-brand hover:underline">
        ← All sellers
      </Link>
      <PageHeading id="merchant-title" title={merchant.companyName} />
      <p className="mb-4 text-sm text-gray-700">
        {`Trading as ${merchant.name}. These details are printed on the seller's tax invoices; invoices issued already keep what they printed.`}
      </p>
      <FormError id="merchant-error" errors={refusal?.formError ? [refusal.formError] : undefined} />
      <Form method="post" action={adminMerchantPath(merchant._id)} className="flex flex-col gap-4">
        {field("companyName", "Legal name", "As registered for GST.", (props) => (
          <input
            {...props}
            name="companyName"
            defaultValue={value("companyName")}
            required
            maxLength={200}
            autoComplete="off"
          />
        ))}
        {field("gstin", "GSTIN", "15 characters: state code, PAN, entity number, Z and a check character.", (props) => (
          <input
            {...props}
            name="gstin"
            defaultValue={value("gstin")}
            required
            minLength={15}
            maxLength={15}
            autoComplete="off"
            spellCheck={false}
          />
        ))}
        {field(
          "state",
          "State",
          "Where the seller is registered: the GSTIN's state code must be this state's.",
          (props) => (
            <select {...props} name="state" defaultValue={value("state")} required>
              <option value="">Choose a state</option>
              {STATE_NAMES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          ),
        )}
        {field("address", "Registered address", "The address on the GST registration.", (props) => (
          <Textarea {...props} name="address" defaultValue={value("address")} required maxLength={500} rows={3} />
        ))}
        <div>
          <button type="submit" className={primaryButton} disabled={pending !== null}>
            {pending ? "Saving…" : "Save"}
          </button>
        </div>
      </Form>
    </section>
  );
}
