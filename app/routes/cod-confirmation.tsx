import { data, Form } from "react-router";
import type { CodLinkOrderJson } from "../../api/contract/types";
import { AuthCard } from "~/components/auth-card";
import { FormError, primaryButton } from "~/components/form-field";
import { LinkProblem } from "~/components/link-problem";
import { formatOrderDate, formatOrderTime } from "~/lib/orders/order-format";
import { useIsPending } from "~/components/use-is-pending";
import { linkPageHeaders, linkProblemOf } from "~/lib/account/account-links.server";
import { formatRupees } from "~/lib/page/money";
import { seo } from "~/lib/page/seo";
import { redirectWithSuccess } from "~/lib/forms/toast.server";
import type { Route } from "./+types/cod-confirmation";

type CodAction = "confirm" | "cancel";

/** What each link's page is called and says, and its one button. */
const PAGES: Record<CodAction, { title: string; intro: string; button: string; busy: string }> = {
  confirm: {
    title: "Confirm your order",
    intro: "Your Cash on Delivery order ships once you confirm it.",
    button: "Confirm my order",
    busy: "Confirming...",
  },
  cancel: {
    title: "Cancel your order",
    intro: "Cancel your Cash on Delivery order before it ships.",
    button: "Cancel my order",
    busy: "Cancelling...",
  },
};

const SEE_ORDERS = { to: "/myaccount/orders", label: "See your orders" };

const actionOf = (param: string | undefined): CodAction => {
  if (param === "confirm" || param === "cancel") return param;
  throw data(null, { status: 404 });
};

export const meta: Route.MetaFunction = (args) => [
  ...seo(args, {
    title: PAGES[args.params.action === "cancel" ? "cancel" : "confirm"].title,
    description: "Confirm or cancel your Cash on Delivery order.",
    path: `/cod/${args.params.action === "cancel" ? "cancel" : "confirm"}`,
  }),
  { name: "robots", content: "noindex" },
];

export const headers = linkPageHeaders;

/** The link's order, unchanged: opening the link only shows the page (mail scanners open links too). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const action = actionOf(params.action);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await context.api.public.codLink(token);
  if (!result.ok) return { action, token, order: null, problem: linkProblemOf(result.message) };
  return { action, token, order: result.data, problem: null };
}

/** The one button: confirms or cancels, whether or not anyone is signed in (the token is the proof). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const action = actionOf(params.action);
  const token = String((await request.formData()).get("token") ?? "");
  const result = await context.api.public.codLinkAction(action, token);
  if (result.ok) {
    return redirectWithSuccess(`/cod/${action}?token=${encodeURIComponent(token)}`, result.message);
  }
  // The link is not valid (LINK_UNKNOWN), or the order moved on (ORDER_STATE: confirmed already, cancelled, shipped).
  const message = result.message || "Something went wrong. Please try again.";
  const linkRefused = result.code === "LINK_UNKNOWN";
  return data(
    { problem: linkRefused ? linkProblemOf(message) : null, error: linkRefused ? null : message },
    { status: result.answerStatus },
  );
}

/** Where the order stands when the button cannot do anything for it. */
function stateOf(order: CodLinkOrderJson): string {
  if (order.codConfirmation === "expired") return "This order was cancelled because it was not confirmed in time.";
  if (order.status === "cancelled") return "This order is cancelled.";
  if (order.status !== "confirmed") return "This order has already shipped.";
  return "This order is confirmed. We will ship it soon.";
}

/** A Cash on Delivery order's emailed link: the order, and one button to confirm or to cancel it. */
export default function CodLink({ loaderData, actionData }: Route.ComponentProps) {
  const { action, token, order } = loaderData;
  const page = PAGES[action];
  const path = `/cod/${action}?token=${encodeURIComponent(token)}`;
  const busy = useIsPending({ formAction: `/cod/${action}` });
  const problem = actionData?.problem ?? loaderData.problem;
  if (problem || !order) {
    return (
      <AuthCard title={page.title} intro={page.intro}>
        <LinkProblem problem={problem ?? ""} askAgain={SEE_ORDERS} />
      </AuthCard>
    );
  }
  const can = action === "confirm" ? order.canConfirm : order.canCancel;
  return (
    <AuthCard title={page.title} intro={page.intro}>
      <div className="flex flex-col gap-4">
        <div className="text-sm text-gray-800">
          <p>
            Order of {formatOrderDate(order.createdAt)}, reference <span className="font-mono">{order.id}</span>
          </p>
          <ul className="mt-2 list-disc pl-5">
            {order.products.map((line, index) => (
              <li key={index}>
                {line.title} (size {line.size}) × {line.qty}: {formatRupees(line.amount)}
              </li>
            ))}
          </ul>
          <p className="mt-2 font-semibold">Total to pay on delivery: {formatRupees(order.totalAmount)}</p>
        </div>
        <FormError id="cod-link-error" errors={actionData?.error ? [actionData.error] : undefined} />
        {can ? (
          <Form method="post" action={path} className="flex flex-col gap-3">
            {action === "confirm" && order.codConfirmDueAt ? (
              <p className="text-sm text-gray-700">
                Please confirm by {formatOrderTime(order.codConfirmDueAt)}; after that the order is cancelled.
              </p>
            ) : null}
            <input type="hidden" name="token" value={token} />
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? page.busy : page.button}
            </button>
          </Form>
        ) : (
          <p role="status" className="rounded-md border border-gray-300 bg-gray-50 px-3 py-2 text-sm text-gray-800">
            {stateOf(order)}
          </p>
        )}
      </div>
    </AuthCard>
  );
}
