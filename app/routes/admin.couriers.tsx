import { data, Form } from "react-router";
import type { CourierJson } from "../../api/contract/types";
import { Field } from "~/components/admin/admin-field";
import { AdminTable, adminMeta, cellClass, Notice, PageHeading } from "~/components/admin/catalogue-parts";
import { primaryButton } from "~/components/form-field";
import { useIsPending } from "~/components/use-is-pending";
import { ADMIN_COURIERS_PATH } from "~/lib/admin/sections";
import { requireAdmin } from "~/lib/admin/require-admin.server";
import { failedAdminCall } from "~/lib/admin/orders.server";
import { fieldsNamed, formErrorsOf } from "~/lib/userapp/refusals.server";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/admin.couriers";

export const meta: Route.MetaFunction = () => adminMeta("Couriers");

/** The longest name and tracking link the API keeps (api/lib/orders/couriers.ts). */
const NAME_MAX = 60;
const URL_MAX = 500;

const FIELDS = ["name", "trackingUrl"] as const;
type CourierField = (typeof FIELDS)[number];

type CourierActionData = {
  values: Record<CourierField, string>;
  fieldErrors: Partial<Record<CourierField, string[]>>;
  formError: string | null;
};

/** The couriers an order can be marked shipped with (`GET /userapp/admin/couriers`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = await requireAdmin(request, context);
  const result = await api.couriers();
  if (!result.ok) return failedAdminCall(request, result);
  return { couriers: result.data };
}

/** Adds a courier: done, back here with a toast (303); refused, this page again with why. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = await requireAdmin(request, context);
  const form = await request.formData();
  const values = {
    name: String(form.get("name") ?? "").trim(),
    trackingUrl: String(form.get("trackingUrl") ?? "").trim(),
  };
  const refused = (status: number, fieldErrors: CourierActionData["fieldErrors"], formError: string | null = null) =>
    data<CourierActionData>({ values, fieldErrors, formError }, { status });
  const result = await api.addCourier({ name: values.name, trackingUrl: values.trackingUrl || null });
  if (result.ok) return redirectWithSuccess(ADMIN_COURIERS_PATH, result.message);
  if (result.code === "COURIER_TAKEN") return refused(409, { name: [result.message] });
  if (result.code === "COURIER_LIMIT") return refused(409, {}, result.message);
  if (result.code === "VALIDATION") {
    const { fieldErrors, unshown } = formErrorsOf(result, fieldsNamed(FIELDS));
    return refused(422, fieldErrors, unshown[0] ?? null);
  }
  return failedAdminCall(request, result);
}

export default function AdminCouriers({ loaderData, actionData }: Route.ComponentProps) {
  const { couriers } = loaderData;
  const refusal = actionData as CourierActionData | undefined;
  return (
    <section aria-labelledby="couriers-title" className="max-w-4xl space-y-6">
      <PageHeading id="couriers-title" title="Couriers">
        <p className="text-sm text-gray-700">The couriers an order can be marked shipped with.</p>
      </PageHeading>
      <AdminTable<CourierJson>
        caption="Couriers, by name"
        columns={["Courier", "Tracking link"]}
        items={couriers}
        empty="No couriers yet."
        page={1}
        pageCount={1}
        hrefFor={() => ADMIN_COURIERS_PATH}
        row={(courier) => (
          <tr key={courier._id}>
            <td className={`${cellClass} font-medium`}>{courier.name}</td>
            <td className={`${cellClass} font-mono text-xs break-all`}>
              {courier.trackingUrl ?? (
                <span className="font-sans text-gray-600">None: shoppers get the number only</span>
              )}
            </td>
          </tr>
        )}
      />
      <AddCourier refusal={refusal} />
    </section>
  );
}

function AddCourier({ refusal }: { refusal: CourierActionData | undefined }) {
  const saving = useIsPending({ formAction: ADMIN_COURIERS_PATH, state: "submitting" });
  return (
    <section aria-labelledby="add-courier-title" className="rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="add-courier-title" className="mb-3 font-bold text-gray-900">
        Add a courier
      </h2>
      {refusal?.formError ? <Notice>{refusal.formError}</Notice> : null}
      <Form method="post" action={ADMIN_COURIERS_PATH} className="flex max-w-xl flex-col gap-3">
        <Field
          id="courier-name"
          label="Name"
          hint="As shoppers know it, for example Ekart."
          error={refusal?.fieldErrors.name?.[0]}
          control={(props) => (
            <input
              {...props}
              name="name"
              required
              maxLength={NAME_MAX}
              defaultValue={refusal?.values.name}
              autoComplete="off"
            />
          )}
        />
        <Field
          id="courier-tracking-url"
          label="Tracking link (optional)"
          hint="The courier's tracking page for one parcel, with {awb} where the tracking number goes: https://courier.example/track/{awb}"
          error={refusal?.fieldErrors.trackingUrl?.[0]}
          control={(props) => (
            <input
              {...props}
              type="url"
              name="trackingUrl"
              maxLength={URL_MAX}
              defaultValue={refusal?.values.trackingUrl}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        />
        <div>
          <button type="submit" className={primaryButton} disabled={saving}>
            {saving ? "Adding…" : "Add courier"}
          </button>
        </div>
      </Form>
    </section>
  );
}
