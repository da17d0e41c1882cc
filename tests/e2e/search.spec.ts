import { expect, test, type Page } from "./support/test";

// The search that forgives, with JavaScript on and off, on a desktop and at 360 px: the header's
// box (a combobox of suggestions with JavaScript, a form to /shop without), the "Showing results
// for" message, and the box applying on /shop as the filters do.

const jsOn = () => !test.info().project.name.includes("nojs");

const box = (page: Page) => page.locator("#site-search");

/** Opens a page; with JavaScript, waits until the header's box is the combobox (hydrated). */
async function visit(page: Page, path: string) {
  await page.goto(path);
  if (jsOn()) await expect(page.locator("#site-search[role=combobox]")).toBeAttached();
}

test.describe("the header's search box", () => {
  test("suggestions: a combobox the keys drive (arrows, Escape, Enter)", async ({ page }) => {
    test.skip(!jsOn(), "suggestions need JavaScript; without it the box is a form (next test)");
    await visit(page, "/");
    const input = box(page);
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await input.click();
    // Typed key by key, the box may ask for "sam" before "sams" (each after a pause): the keys
    // below drive the list of the whole word, as a different list starts again from the box.
    const answered = page.waitForResponse(
      (response) =>
        response.url().includes("/userapp/product/suggest") && new URL(response.url()).searchParams.get("q") === "sams",
    );
    await input.pressSequentially("sams");
    const suggested = ((await (await answered).json()) as { data: { suggestions: { label: string }[] } }).data
      .suggestions;
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(listbox).toBeVisible();
    await expect(input).toHaveAttribute("aria-expanded", "true");
    await expect(input).toHaveAttribute("aria-controls", "site-search-listbox");
    const options = listbox.getByRole("option");
    await expect(options).toContainText(suggested.map((suggestion) => suggestion.label));
    await expect(options.first()).toContainText("Samsung");
    expect(await options.count()).toBeLessThanOrEqual(8);

    // Down to the first option, the second, back up: the box keeps focus, the active option follows.
    await input.press("ArrowDown");
    await expect(input).toHaveAttribute("aria-activedescendant", "site-search-listbox-0");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "true");
    await input.press("ArrowDown");
    await expect(input).toHaveAttribute("aria-activedescendant", "site-search-listbox-1");
    await expect(options.nth(0)).toHaveAttribute("aria-selected", "false");
    await input.press("ArrowUp");
    await expect(input).toHaveAttribute("aria-activedescendant", "site-search-listbox-0");
    await expect(input).toBeFocused();

    // Escape closes the list and keeps the text; Escape again clears the box.
    await input.press("Escape");
    await expect(listbox).toBeHidden();
    await expect(input).toHaveAttribute("aria-expanded", "false");
    await expect(input).not.toHaveAttribute("aria-activedescendant");
    await expect(input).toHaveValue("sams");

    // The arrow opens it again; Enter on the brand opens the shop filtered by it.
    await input.press("ArrowDown");
    await expect(listbox).toBeVisible();
    await expect(input).toHaveAttribute("aria-activedescendant", "site-search-listbox-0");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/shop\?brand=Samsung$/);
  });

  test("a product suggestion opens its page; a misspelt query suggests what it meant", async ({ page }) => {
    test.skip(!jsOn(), "suggestions need JavaScript");
    await visit(page, "/");
    const input = box(page);
    await input.click();
    await input.pressSequentially("samsng");
    const listbox = page.getByRole("listbox", { name: "Search suggestions" });
    await expect(page.getByText("Showing suggestions for")).toContainText("samsung");
    const product = listbox.getByRole("option").filter({ hasText: "Product" }).first();
    const title = (await product.locator("span").first().textContent())!;
    expect(title).toMatch(/^Samsung /);
    await product.click();
    await expect(page).toHaveURL(/\/product\//);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  });

  test("Enter without a suggestion chosen searches /shop, with JavaScript and without", async ({ page }) => {
    await visit(page, "/");
    await box(page).fill("jbl speaker");
    await box(page).press("Enter");
    await expect(page).toHaveURL(/\/shop\?search=jbl\+speaker$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “jbl speaker”");
    await expect(page.locator("main [data-product-card]").first()).toContainText("JBL");
  });
});

test.describe("a misspelt search", () => {
  test("'Showing results for' what was meant, and 'Search instead for' what was typed", async ({ page }) => {
    await visit(page, "/");
    await box(page).fill("samsng tv");
    // Without JavaScript the form submits; with it, Enter with no suggestion chosen does the same.
    await box(page).press("Enter");
    await expect(page).toHaveURL(/\/shop\?search=samsng\+tv$/);
    const message = page.getByTestId("search-correction");
    await expect(message).toContainText("Showing results for samsung tv");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “samsung tv”");
    await expect(page.locator("main [data-product-card]").first()).toContainText("Samsung");

    await message.getByRole("link", { name: "samsng tv" }).click();
    await expect(page).toHaveURL(/\/shop\?search=samsng\+tv&exact=1$/);
    await expect(page.getByText("No products found.")).toBeVisible();
    await expect(page.getByTestId("search-correction")).toHaveCount(0);
    // Not a dead end: the closest suggestions and the categories, with JavaScript (its own chunk) and without.
    const empty = page.getByTestId("empty-search");
    await expect(empty.getByRole("link", { name: /Samsung/ }).first()).toBeVisible();
    await empty.getByRole("link", { name: "Televisions" }).click();
    await expect(page).toHaveURL(/\/shop\?category=Televisions$/);
    await expect(page.locator("main [data-product-card]").first()).toBeVisible();
  });
});

test.describe("the box on /shop", () => {
  test("with JavaScript it applies after a pause, back to page 1, the filters kept", async ({ page }) => {
    test.skip(!jsOn(), "without JavaScript the box is a submit (the tests above)");
    await visit(page, "/shop?category=Televisions&page=2");
    await expect(page.locator("main form#shop-filters[data-hydrated]")).toBeAttached();
    const input = box(page);
    await input.click();
    await input.pressSequentially("sony");
    await expect(page).toHaveURL(/\/shop\?search=sony&category=Televisions$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Search results for “sony”");
    // The box kept its text and the focus while the page changed under it.
    await expect(input).toHaveValue("sony");
    await expect(input).toBeFocused();
    await expect(page.locator("main [data-product-card]").first()).toContainText("Sony");
  });

  test("Enter pressed as soon as the shop shows, after a client-side navigation, applies the search", async ({
    page,
  }) => {
    test.skip(!jsOn(), "without JavaScript every page is a page load");
    // React runs a route's effects after it has painted it: a shopper can press Enter in between.
    // The page presses it in the task after the shop's heading appears (decision 013).
    await page.addInitScript(() => {
      const w = window as unknown as { __pressed?: string };
      const observer = new MutationObserver(() => {
        if (location.pathname !== "/shop" || document.querySelector("main h1")?.textContent !== "Shop") return;
        observer.disconnect();
        setTimeout(() => {
          const input = document.getElementById("site-search") as HTMLInputElement;
          input.value = "lamp";
          input.form!.requestSubmit();
          w.__pressed = location.search;
        });
      });
      document.addEventListener("DOMContentLoaded", () =>
        observer.observe(document.body, { childList: true, subtree: true, characterData: true }),
      );
    });
    await visit(page, "/");
    // The category bar's link (shown on a desktop); a click event works at any width.
    await page.locator('a[href="/shop?category=Fashion&subCategory=Formal+Wear"]').first().dispatchEvent("click");
    await page.waitForFunction(() => (window as unknown as { __pressed?: string }).__pressed !== undefined);
    await expect(page).toHaveURL(/\/shop\?search=lamp&category=Fashion&subCategory=Formal\+Wear$/);
  });
});
