import { useEffect, useRef, useState, type PointerEvent } from "react";
import { Link } from "react-router";
import { GALLERY_IMAGE_SIZES, type ImageSource, THUMBNAIL_IMAGE_SIZES, imageSources } from "~/lib/catalogue/images";

/** Product artwork is drawn on a 600×600 canvas (SVG: one file serves every screen); uploaded photos come with a srcset. */
const IMAGE_SIZE = 600;
// React 18 does not know `fetchPriority`; it passes the lower-case attribute through unchanged.
const LCP_IMAGE = { loading: "eager", fetchpriority: "high" } as Record<string, string>;

type GalleryProps = {
  images: ImageSource[];
  title: string;
  /** The image the URL chose (`?image=N`). */
  selected: number;
  /** The link a thumbnail leads to without JavaScript. */
  hrefFor: (index: number) => string;
};

/**
 * The product gallery. Thumbnails are links (`?image=N`) that the server answers with that
 * image in front; with JavaScript they switch the image in place. Hovering zooms the main image:
 * a plain centred zoom with CSS alone, following the pointer with JavaScript.
 */
export function ProductGallery({ images, title, selected, hrefFor }: GalleryProps) {
  const [shown, setShown] = useState(selected);
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => setShown(selected), [selected]);

  const followPointer = (event: PointerEvent<HTMLElement>) => {
    if (event.pointerType !== "mouse" || !imageRef.current) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * 100;
    const y = ((event.clientY - box.top) / box.height) * 100;
    imageRef.current.style.transformOrigin = `${x.toFixed(1)}% ${y.toFixed(1)}%`;
  };

  return (
    <div className="flex flex-col gap-3" data-gallery>
      <div
        className="group relative aspect-square cursor-zoom-in overflow-hidden rounded-2xl border border-gray-200 bg-gray-50"
        onPointerMove={followPointer}
        onPointerLeave={() => imageRef.current?.style.removeProperty("transform-origin")}
      >
        <img
          ref={imageRef}
          {...imageSources(images[shown] ?? images[0], GALLERY_IMAGE_SIZES)}
          alt={title}
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          {...LCP_IMAGE}
          className="h-full w-full object-contain transition-transform duration-200 ease-out group-hover:scale-[2]"
          data-main-image
        />
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Product images">
          {images.map((image, index) => (
            <li key={`${image.path}-${index}`} className="shrink-0">
              <Link
                to={hrefFor(index)}
                replace
                preventScrollReset
                onClick={(event) => {
                  event.preventDefault();
                  setShown(index);
                }}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                aria-current={index === shown ? "true" : undefined}
                className={`block h-16 w-16 overflow-hidden rounded-lg border-2 bg-gray-50 transition sm:h-20 sm:w-20 ${
                  index === shown ? "border-brand" : "border-gray-200 hover:border-gray-400"
                }`}
                data-thumbnail={index}
              >
                <img
                  {...imageSources(image, THUMBNAIL_IMAGE_SIZES)}
                  alt=""
                  width={IMAGE_SIZE}
                  height={IMAGE_SIZE}
                  className="h-full w-full object-contain"
                  decoding="async"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
