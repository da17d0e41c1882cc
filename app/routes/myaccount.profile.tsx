import { Link } from "react-router";
import { AccountPanel } from "~/components/account/account-panel";
import { useAccount } from "~/lib/account/account-user";
import { Avatar } from "~/components/account/avatar";
import { WithRouteDialog } from "~/components/account/route-dialog";
import { formatAddress } from "~/lib/account/address-schema";
import { seo } from "~/lib/page/seo";
import type { Route } from "./+types/myaccount.profile";

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, { title: "My Profile", description: "Your Mart profile.", path: "/myaccount/profile" }),
  { name: "robots", content: "noindex" },
];

/** The profile: avatar, name, email, phone and the primary address. */
export default function Profile() {
  const { user, name } = useAccount();
  const active = user.address.find((address) => address.isActive);
  return (
    <WithRouteDialog>
      <AccountPanel
        id="profile-title"
        title="My Profile"
        action={
          <Link
            to="/myaccount/profile/edit"
            preventScrollReset
            className="rounded-md border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand hover:text-white"
          >
            Edit Profile
          </Link>
        }
      >
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
          <Avatar name={name} src={user.avatar} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-gray-500">Name</dt>
            <dd className="font-semibold text-gray-900" data-profile="name">
              {name}
            </dd>
            <dt className="text-gray-500">Email</dt>
            <dd className="break-all text-gray-900" data-profile="email">
              {user.email}
            </dd>
            <dt className="text-gray-500">Phone</dt>
            <dd className="text-gray-900" data-profile="phone">
              {user.phone ? `+${user.country_code} ${user.phone}` : "Not added"}
            </dd>
          </dl>
        </div>
        <div className="mt-6 border-t border-gray-200 pt-4 text-sm">
          <p className="font-semibold text-gray-900">Current Address :</p>
          <p className="mt-1 text-gray-700" data-profile="address">
            {active ? formatAddress(active) : "No address available"}
          </p>
          <Link to="/myaccount/addresses" className="mt-2 inline-block font-semibold text-brand hover:underline">
            Manage addresses
          </Link>
        </div>
      </AccountPanel>
    </WithRouteDialog>
  );
}
