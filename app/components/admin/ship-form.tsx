import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { CourierJson } from "../../../api/contract/types";
import { ADMIN_COURIERS_PATH } from "~/lib/admin/sections";
import { Field } from "./admin-field";
import { linkClass } from "./catalogue-parts";

/** A tracking (AWB) number as the API takes it (api/lib/orders/couriers.ts): 6 to 30 letters and digits. */
export const TRACKING_NUMBER_INPUT_PATTERN = "[A-Za-z0-9]{6,30}";

/**
 * Marking an order shipped: the courier, from the shop's list, and the parcel's tracking (AWB)
 * number, both asked for (the API takes neither only from other clients: docs/api.md).
 */
export function ShipForm({
  action,
  couriers,
  errors,
  children,
}: {
  action: string;
  couriers: CourierJson[];
  errors: { courierId?: string | null; trackingNumber?: string | null };
  /** The submit button. */
  children: ReactNode;
}) {
  return (
    <Form method="post" action={action} className="flex flex-col gap-2">
      <Field
        id="ship-courier"
        label="Courier"
        hint="The courier carrying the parcel."
        error={errors.courierId}
        control={(props) => (
          <select {...props} name="courierId" required defaultValue="">
            <option value="" disabled>
              Choose a courier
            </option>
            {couriers.map((courier) => (
              <option key={courier._id} value={courier._id}>
                {courier.name}
              </option>
            ))}
          </select>
        )}
      />
      <Field
        id="ship-tracking"
        label="Tracking number (AWB)"
        hint="From the courier's label: 6 to 30 letters and digits."
        error={errors.trackingNumber}
        control={(props) => (
          <input
            {...props}
            name="trackingNumber"
            required
            minLength={6}
            maxLength={30}
            pattern={TRACKING_NUMBER_INPUT_PATTERN}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      />
      <div className="flex flex-wrap items-center gap-3">
        {children}
        <Link to={ADMIN_COURIERS_PATH} className={`${linkClass} text-sm`}>
          Another courier?
        </Link>
      </div>
    </Form>
  );
}
