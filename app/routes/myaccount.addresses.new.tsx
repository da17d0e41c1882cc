import { ADDRESSES_PATH } from "~/lib/account/account-user";
import { AddressForm } from "~/components/account/address-form";
import { submitAddress } from "~/lib/account/account-forms.server";
import { toastOf } from "~/lib/forms/form-toast";
import { primePinDirectory } from "~/lib/checkout/pincode.server";
import { seo } from "~/lib/page/seo";
import { requireShopperProfile } from "~/lib/session/require-shopper.server";
import { accountMobile, formatMobile } from "../../api/contract/mobile";
import type { Route } from "./+types/myaccount.addresses.new";

const PATH = `${ADDRESSES_PATH}/new`;

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Add New Address", description: "Add a delivery address.", path: PATH }),
  { name: "robots", content: "noindex" },
];

// The PIN directory gets ready while the shopper types (app/lib/checkout/pincode.server.ts). The recipient
// starts as the account's name and mobile number (a phone that is not one is left out).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireShopperProfile(request, context);
  primePinDirectory(context);
  const mobile = accountMobile(user.phone, user.country_code);
  return {
    defaults: {
      name: user.name || [user.firstName, user.lastName].filter(Boolean).join(" "),
      mobile: mobile ? formatMobile(mobile) : "",
    },
  };
}

export function action({ request, context }: Route.ActionArgs) {
  return submitAddress(request, context, { success: "Address added successfully!", failure: "Failed to add address" });
}

export default function NewAddress({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AddressForm
      action={PATH}
      address={loaderData.defaults}
      lastResult={actionData?.result}
      toast={toastOf(actionData)}
      pending="Adding new address..."
    />
  );
}
