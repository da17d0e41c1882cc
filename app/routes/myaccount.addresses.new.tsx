import { ADDRESSES_PATH } from "~/lib/account/account-user";
import { AddressForm } from "~/components/account/address-form";
import { submitAddress } from "~/lib/account/account-forms.server";
import { toastOf } from "~/lib/forms/form-toast";
import { primePinDirectory } from "~/lib/checkout/pincode.server";
import { seo } from "~/lib/page/seo";
import type { Route } from "./+types/myaccount.addresses.new";

const PATH = `${ADDRESSES_PATH}/new`;

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Add New Address", description: "Add a delivery address.", path: PATH }),
  { name: "robots", content: "noindex" },
];

// The PIN directory gets ready while the shopper types (app/lib/checkout/pincode.server.ts).
export function loader({ context }: Route.LoaderArgs) {
  primePinDirectory(context);
  return null;
}

export function action({ request, context }: Route.ActionArgs) {
  return submitAddress(request, context, { success: "Address added successfully!", failure: "Failed to add address" });
}

export default function NewAddress({ actionData }: Route.ComponentProps) {
  return (
    <AddressForm
      action={PATH}
      lastResult={actionData?.result}
      toast={toastOf(actionData)}
      pending="Adding new address..."
    />
  );
}
