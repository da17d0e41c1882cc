import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import { ConformField } from "~/components/account/conform-field";
import { FormActions, secondaryButton } from "~/components/account/form-actions";
import { FormError } from "~/components/form-field";
import { useHydrated } from "remix-utils/use-hydrated";
import { useIsPending } from "~/components/use-is-pending";
import {
  type CatalogueOptions,
  costOf,
  MAX_VARIANTS,
  type Merchant,
  productFormDefaults,
  productFormSchema,
} from "~/lib/admin/catalogue";
import { formatRupees } from "~/lib/page/money";
import { Textarea } from "~/components/textarea";

type Field = FieldMetadata<string, Record<string, unknown>, string[]>;

const inputClass =
  "w-full min-w-0 rounded-md border border-gray-300 bg-white px-3 py-2 text-base focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600";
const cellInputClass =
  "w-full min-w-0 rounded-md border border-gray-300 bg-white px-2 py-1.5 text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-invalid:border-red-600";

/**
 * The Add/Edit Product form: the product's texts, its place in the catalogue, its merchant and
 * its sizes. Without JavaScript the sizes are the product's own plus a few blank rows (blank rows
 * are ignored); with JavaScript "Add size" adds more and each row's selling price follows its MRP
 * and discount as they are typed.
 */
export function ProductForm({
  action,
  defaults,
  lastResult,
  merchants,
  options,
  submit,
  pending,
}: {
  action: string;
  defaults: ReturnType<typeof productFormDefaults>;
  lastResult: SubmissionResult<string[]> | undefined;
  merchants: Merchant[];
  options: CatalogueOptions;
  submit: string;
  pending: string;
}) {
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    id: "product",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(productFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: productFormSchema }),
  });
  const busy = useIsPending({ formAction: action, fields: { intent: "save" } });
  const rows = fields.variants.getFieldList();
  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="save" />
      <FormError id={form.errorId} errors={form.errors} />
      <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 gap-y-2 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-gray-900">Product</legend>
        <ConformField
          field={fields.shortTitle}
          label="Short title"
          type="text"
          hint="On cards, in the cart and in the page's address."
        />
        <ConformField field={fields.longTitle} label="Long title" type="text" hint="The heading of the product page." />
        <div className="md:col-span-2">
          <ConformField field={fields.tagLine} label="Tag line" type="text" />
        </div>
        <div className="flex flex-col gap-1 md:col-span-2">
          <label htmlFor={fields.description.id} className="text-sm font-medium text-gray-800">
            Description
          </label>
          <Textarea
            {...getTextareaProps(fields.description)}
            rows={5}
            aria-invalid={fields.description.errors ? true : undefined}
            aria-describedby={fields.description.errors ? fields.description.errorId : undefined}
            className={inputClass}
          />
          <FieldError field={fields.description} />
        </div>
        <ConformField field={fields.brand} label="Brand" type="text" />
        <ChoiceSelect
          field={fields.merchantId}
          label="Merchant"
          placeholder="Choose a merchant"
          choices={merchants.map((m) => ({ value: m._id, label: `${m.companyName} (${m.name})` }))}
        />
      </fieldset>

      <fieldset className="grid min-w-0 grid-cols-1 gap-x-4 gap-y-2 md:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-gray-900">Where it is listed</legend>
        <ConformField field={fields.category} label="Category" type="text" list="catalogue-categories" />
        <ConformField field={fields.subCategory} label="Subcategory" type="text" list="catalogue-subcategories" />
        <ConformField field={fields.productType} label="Type" type="text" list="catalogue-types" />
        <ConformField field={fields.productSubType} label="Subtype" type="text" list="catalogue-subtypes" />
        <ConformField
          field={fields.hsn}
          label="HSN code (optional)"
          type="text"
          inputMode="numeric"
          hint="Blank: the code of its type. The GST rate follows from the code."
        />
        <ChoiceSelect
          field={fields.gender}
          label="Gender"
          placeholder="Choose who it is for"
          choices={options.genders.map((g) => ({ value: g, label: g }))}
        />
        <Choices id="catalogue-categories" values={options.categories} />
        <Choices id="catalogue-subcategories" values={options.subCategories} />
        <Choices id="catalogue-types" values={options.productTypes} />
        <Choices id="catalogue-subtypes" values={options.productSubTypes} />
        <Choices id="catalogue-sizes" values={options.sizes} />
      </fieldset>

      {/* min-w-0: a fieldset is as wide as its content by default, so the table would widen the page instead of scrolling. */}
      <fieldset className="min-w-0" aria-describedby={fields.variants.errors ? fields.variants.errorId : undefined}>
        <legend className="mb-1 text-lg font-semibold text-gray-900">Sizes and prices</legend>
        <p className="mb-2 text-sm text-gray-600">
          Blank rows are ignored; clear a row to remove that size. The price is the MRP less the discount, what shoppers
          pay.
        </p>
        <p
          id={fields.variants.errorId}
          className="min-h-4 text-sm text-red-700"
          role={fields.variants.errors ? "alert" : undefined}
        >
          {fields.variants.errors?.[0]}
        </p>
        {/* relative: the cells' screen-reader labels (absolutely placed) stay inside the scrolling box instead of widening the page. */}
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead>
              <tr className="border-b border-gray-200 text-gray-700">
                <th scope="col" className="py-2 pr-2 font-medium">
                  Size
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  MRP (₹)
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Discount (%)
                </th>
                <th scope="col" className="py-2 pr-2 font-medium">
                  Stock
                </th>
                <th scope="col" className="py-2 font-medium">
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => {
                const cells = row.getFieldset();
                return (
                  <tr key={row.key} className="border-b border-gray-100 align-top">
                    <td className="py-2 pr-2">
                      <Cell
                        field={cells.size as Field}
                        label={`Size, row ${index + 1}`}
                        type="text"
                        list="catalogue-sizes"
                      />
                    </td>
                    <td className="py-2 pr-2">
                      <Cell field={cells.mrp as Field} label={`MRP in rupees, row ${index + 1}`} type="number" />
                    </td>
                    <td className="py-2 pr-2">
                      <Cell
                        field={cells.discount as Field}
                        label={`Discount in percent, row ${index + 1}`}
                        type="number"
                      />
                    </td>
                    <td className="py-2 pr-2">
                      <Cell field={cells.quantity as Field} label={`Stock, row ${index + 1}`} type="number" />
                    </td>
                    <td className="py-2">
                      <output
                        htmlFor={`${cells.mrp.id} ${cells.discount.id}`}
                        aria-label={`Price, row ${index + 1}`}
                        className="inline-block py-1.5 font-semibold text-gray-900"
                      >
                        {sellingPrice(cells.mrp.value, cells.discount.value)}
                      </output>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {hydrated && rows.length < MAX_VARIANTS ? (
          <button {...form.insert.getButtonProps({ name: fields.variants.name })} className={`${secondaryButton} mt-3`}>
            Add size
          </button>
        ) : null}
      </fieldset>
      <FormActions cancelTo="/admin/products" submit={submit} pending={busy ? pending : null} />
    </Form>
  );
}

/** The price a row's MRP and discount make, as typed; a dash until both read as numbers. */
function sellingPrice(mrp: unknown, discount: unknown): string {
  const m = typeof mrp === "string" && mrp.trim() !== "" ? Number(mrp) : NaN;
  const d = typeof discount === "string" && discount.trim() !== "" ? Number(discount) : 0;
  if (!Number.isInteger(m) || m < 1 || !Number.isInteger(d) || d < 0 || d > 99) return "–";
  return formatRupees(costOf(m, d));
}

function FieldError({ field }: { field: Field }) {
  const error = field.errors?.[0];
  return (
    <p id={field.errorId} className="min-h-4 text-xs text-red-700" role={error ? "alert" : undefined}>
      {error}
    </p>
  );
}

/** One input of a size row: its label for screen readers only (the column heading shows it). */
function Cell({ field, label, type, list }: { field: Field; label: string; type: "text" | "number"; list?: string }) {
  const error = field.errors?.[0];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="sr-only">
        {label}
      </label>
      <input
        {...getInputProps(field, { type })}
        list={list}
        inputMode={type === "number" ? "numeric" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? field.errorId : undefined}
        className={cellInputClass}
      />
      <FieldError field={field} />
    </div>
  );
}

/** A select of known values (the merchant, the gender the shop's filter knows), with its error under it. */
function ChoiceSelect({
  field,
  label,
  placeholder,
  choices,
}: {
  field: Field;
  label: string;
  placeholder: string;
  choices: { value: string; label: string }[];
}) {
  const error = field.errors?.[0];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={field.id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        {...getSelectProps(field)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? field.errorId : undefined}
        className={inputClass}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

/** The known values of a text field, offered as suggestions while any other value stays allowed. */
function Choices({ id, values }: { id: string; values: string[] }) {
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}
