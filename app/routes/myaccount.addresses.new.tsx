import { ADDRESSES_PATH } from "~/components/account/account-user";
import { AddressForm } from "~/components/account/address-form";
import { submitAddress } from "~/lib/account.server";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/myaccount.addresses.new";

const PATH = `${ADDRESSES_PATH}/new`;

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "Add New Address", description: "Add a delivery address.", path: PATH }),
  { name: "robots", content: "noindex" },
];

export function action({ request, context }: Route.ActionArgs) {
  return submitAddress(request, context, { success: "Address added successfully!", failure: "Failed to add address" });
}

export default function NewAddress({ actionData }: Route.ComponentProps) {
  return <AddressForm action={PATH} lastResult={actionData?.result} pending="Adding new address..." />;
}
