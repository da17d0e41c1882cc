import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * The forms that change only the shopper's own cart, wishlist and compare list (every card's
 * controls post to them). None changes the catalogue: no product, price or stock a catalogue page
 * shows. The root loader, which holds those lists, still revalidates after them.
 */
const SHOPPER_LIST_FORMS = new Set(["/cart", "/wishlist", "/compare"]);

/** For a catalogue page's `shouldRevalidate`: false after one of those forms, else React Router's default. */
export function catalogueShouldRevalidate({
  formAction,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formAction && SHOPPER_LIST_FORMS.has(new URL(formAction, "http://shop.invalid").pathname)) return false;
  return defaultShouldRevalidate;
}
