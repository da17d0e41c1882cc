import { data, Form, Link, redirect, useSearchParams } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { AccountPanel } from "~/components/account/account-panel";
import { ADDRESSES_PATH, useAccount } from "~/lib/account/account-user";
import { WithRouteDialog } from "~/components/account/route-dialog";
import { primaryButton } from "~/components/form-field";
import { useIsPending } from "~/components/use-is-pending";
import type { AddressJson } from "~/lib/session/signed-in-user.server";
import { seo } from "~/lib/page/seo";
import { requireShopperProfile } from "~/lib/session/require-shopper.server";
import { redirectWithError, redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/myaccount.addresses";

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Addresses", description: "Your saved delivery addresses.", path: ADDRESSES_PATH }),
  { name: "robots", content: "noindex" },
];

/** Set as primary, and delete (which asks first: without JavaScript on a page, with it in confirm()). */
export async function action({ request, context }: Route.ActionArgs) {
  const { api, user } = await requireShopperProfile(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const addressId = String(form.get("addressId") ?? "");

  if (intent === "primary") {
    const result = await api.activateAddress(addressId);
    if (!result.ok)
      return redirectWithError(
        ADDRESSES_PATH,
        `Failed to set address as primary: ${result.message || "Unknown error"}`,
      );
    return redirectWithSuccess(ADDRESSES_PATH, "Address set as primary successfully");
  }

  if (intent === "delete") {
    if (!user.address.some((a) => a._id === addressId)) {
      return redirectWithError(ADDRESSES_PATH, "Failed to delete address: Address not found");
    }
    if (form.get("confirmed") !== "yes") {
      return redirect(`${ADDRESSES_PATH}?${new URLSearchParams({ delete: addressId })}#address-${addressId}`, 303);
    }
    const result = await api.saveAddresses(
      user.id,
      user.address.filter((a) => a._id !== addressId),
    );
    if (!result.ok)
      return redirectWithError(ADDRESSES_PATH, `Failed to delete address: ${result.message || "Unknown error"}`);
    return redirectWithSuccess(ADDRESSES_PATH, "Address deleted");
  }

  return data({ error: "Unknown action" }, { status: 400 });
}

/** 'Saved Addresses'; the Add/Edit Address form opens over it. */
export default function Addresses() {
  const { user } = useAccount();
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get("delete");
  return (
    <WithRouteDialog>
      <AccountPanel
        id="addresses-title"
        title="Saved Addresses"
        action={
          <Link to={`${ADDRESSES_PATH}/new`} preventScrollReset className={primaryButton}>
            Add New Address
          </Link>
        }
      >
        {user.address.length === 0 ? (
          <p className="text-gray-600">No addresses saved yet.</p>
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {user.address.map((address) => (
              <AddressCard key={address._id} address={address} confirmingDelete={confirming === address._id} />
            ))}
          </ul>
        )}
      </AccountPanel>
    </WithRouteDialog>
  );
}

const smallButton = "rounded-md px-3 py-1.5 text-sm font-semibold";

function AddressCard({ address, confirmingDelete }: { address: AddressJson; confirmingDelete: boolean }) {
  const hydrated = useHydrated();
  const busy = useIsPending({ fields: { addressId: address._id } });
  return (
    <li
      id={`address-${address._id}`}
      aria-label={`${address.locality}, ${address.city}`}
      className={`flex flex-col gap-3 rounded-lg border p-4 ${address.isActive ? "border-brand bg-brand/5" : "border-gray-200"}`}
    >
      <div className="flex items-start justify-between gap-3">
        <address className="text-sm not-italic leading-relaxed text-gray-800">
          {address.locality}
          <br />
          {address.city}, {address.state} {address.zipcode}
          <br />
          {address.country}
        </address>
        {address.isActive ? (
          <span className="rounded-full bg-brand px-2.5 py-0.5 text-xs font-semibold text-white">Primary</span>
        ) : (
          <Form method="post" action={ADDRESSES_PATH}>
            <input type="hidden" name="addressId" value={address._id} />
            <button
              type="submit"
              name="intent"
              value="primary"
              disabled={busy}
              className={`${smallButton} text-brand hover:bg-brand/10`}
            >
              Set as primary
            </button>
          </Form>
        )}
      </div>
      {confirmingDelete ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm">
          <p className="font-semibold text-red-800">Delete this address?</p>
          <Form method="post" action={ADDRESSES_PATH} className="mt-2 flex flex-wrap gap-2">
            <input type="hidden" name="addressId" value={address._id} />
            <input type="hidden" name="confirmed" value="yes" />
            <button
              type="submit"
              name="intent"
              value="delete"
              className={`${smallButton} bg-red-700 text-white hover:bg-red-800`}
            >
              Yes, delete
            </button>
            <Link
              to={ADDRESSES_PATH}
              className={`${smallButton} border border-gray-300 bg-white hover:border-brand hover:text-brand`}
            >
              Keep it
            </Link>
          </Form>
        </div>
      ) : (
        <div className="flex gap-2">
          <Link
            to={`${ADDRESSES_PATH}/${address._id}/edit`}
            preventScrollReset
            className={`${smallButton} border border-gray-300 hover:border-brand hover:text-brand`}
          >
            Edit
          </Link>
          <Form
            method="post"
            action={ADDRESSES_PATH}
            onSubmit={(event) => {
              if (!window.confirm("Delete this address?")) event.preventDefault();
            }}
          >
            <input type="hidden" name="addressId" value={address._id} />
            {/* With JavaScript confirm() has asked already; without it the action asks on a page. */}
            {hydrated ? <input type="hidden" name="confirmed" value="yes" /> : null}
            <button
              type="submit"
              name="intent"
              value="delete"
              disabled={busy}
              className={`${smallButton} border border-gray-300 text-red-700 hover:border-red-700`}
            >
              Delete
            </button>
          </Form>
        </div>
      )}
    </li>
  );
}
