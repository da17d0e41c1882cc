import { type ChangeEvent, useState } from "react";
import { Form } from "react-router";
import { secondaryButton } from "~/components/account/form-actions";
import { primaryButton } from "~/components/form-field";
import { useIsPending, usePending } from "~/components/use-is-pending";
import { imageFileProblem, IMAGE_TYPES } from "~/lib/forms/image-upload";

/** Where a photo is uploaded: a path of its own, so that only it takes bodies up to the upload limit (server/body-limit.ts). */
export const photoUploadPath = (productId: string) => `/admin/product-images/${productId}`;

/**
 * A product's photos, each with a Remove button (a small form of its own), and the upload form.
 * The server checks the file's type and size and says what is wrong; with JavaScript the same
 * checks run as soon as a file is chosen, before it is sent.
 */
export function ProductPhotos({
  productId,
  title,
  images,
}: {
  productId: string;
  title: string;
  images: { path: string }[];
}) {
  const uploadPath = photoUploadPath(productId);
  const uploading = useIsPending({ formAction: uploadPath });
  const removal = usePending({ fields: { intent: "remove-image" } });
  const removing = removal ? (removal.formData?.get("index") ?? null) : null;
  const [problem, setProblem] = useState<string | null>(null);

  function checkFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    const message = file ? imageFileProblem(file) : null;
    event.currentTarget.setCustomValidity(message ?? "");
    setProblem(message);
  }

  return (
    <section aria-labelledby="photos-title" className="mt-8">
      <h2 id="photos-title" className="mb-3 text-lg font-semibold text-gray-900">
        Photos
      </h2>
      {images.length === 0 ? (
        <p className="mb-3 text-sm text-gray-600">No photos yet.</p>
      ) : (
        <ul className="mb-4 flex flex-wrap gap-4">
          {images.map((image, index) => (
            <li
              key={`${image.path}-${index}`}
              className="flex flex-col items-center gap-2 rounded-md border border-gray-200 p-2"
            >
              <img
                src={image.path}
                alt={`${title}, ${index + 1} of ${images.length}`}
                width={120}
                height={120}
                className="size-30 object-contain"
              />
              <Form method="post" action={`/admin/products/${productId}`}>
                <input type="hidden" name="intent" value="remove-image" />
                <input type="hidden" name="index" value={index} />
                <button
                  type="submit"
                  className={secondaryButton}
                  disabled={removing === String(index)}
                  aria-label={`Remove photo ${index + 1}`}
                >
                  {removing === String(index) ? "Removing…" : "Remove"}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={uploadPath} encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="photo-file" className="text-sm font-medium text-gray-800">
            Add a photo
          </label>
          <input
            id="photo-file"
            name="image"
            type="file"
            required
            accept={IMAGE_TYPES.join(",")}
            onChange={checkFile}
            aria-describedby="photo-hint"
            aria-invalid={problem ? true : undefined}
            className="text-sm"
          />
          <p
            id="photo-hint"
            className={problem ? "text-xs text-red-700" : "text-xs text-gray-600"}
            role={problem ? "alert" : undefined}
          >
            {problem ?? "JPEG, PNG or WebP, at most 5 MB."}
          </p>
        </div>
        <button type="submit" className={primaryButton} disabled={uploading}>
          {uploading ? "Uploading…" : "Upload"}
        </button>
      </Form>
    </section>
  );
}
