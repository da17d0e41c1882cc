import { data } from "react-router";
import { ADDRESSES_PATH } from "~/lib/account/account-user";
import { AddressForm } from "~/components/account/address-form";
import { submitAddress } from "~/lib/account/account-forms.server";
import { toastOf } from "~/lib/forms/form-toast";
import { primePinDirectory } from "~/lib/checkout/pincode.server";
import { seo } from "~/lib/page/seo";
import { requireShopperProfile } from "~/lib/session/require-shopper.server";
import type { Route } from "./+types/myaccount.addresses.$addressId.edit";

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Edit Address", description: "Change a delivery address.", path: args.location.pathname }),
  { name: "robots", content: "noindex" },
];

// Only the shopper's own addresses: any other id is a 404, like one that does not exist.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireShopperProfile(request, context);
  const address = user.address.find((a) => a._id === params.addressId);
  if (!address) throw data("Address not found", { status: 404 });
  primePinDirectory(context);
  return { address };
}

export function action({ request, context, params }: Route.ActionArgs) {
  return submitAddress(request, context, {
    addressId: params.addressId,
    success: "Address updated successfully!",
    failure: "Failed to update address",
  });
}

export default function EditAddress({ loaderData, actionData, params }: Route.ComponentProps) {
  return (
    <AddressForm
      action={`${ADDRESSES_PATH}/${params.addressId}/edit`}
      address={loaderData.address}
      lastResult={actionData?.result}
      toast={toastOf(actionData)}
      pending="Saving address..."
    />
  );
}
