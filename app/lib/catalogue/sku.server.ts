/**
 * The SKU of each of a product's sizes, as the product page shows it (decision 046): the variant
 * in short, brand, model and size, with the product's own code so that no two products share
 * one. "Levi's Men's 511 Slim Fit Jeans" in waist 32 is `LEV-511SFJ-4A7C-32`. Made on the server,
 * so the page's JavaScript only looks the chosen size up.
 */

/** "Levi's" → LEV, "American Tourister" → AT, "LG" → LG. */
function brandCode(brand: string): string {
  const words =
    brand
      .toUpperCase()
      .replace(/['’]/g, "")
      .match(/[A-Z0-9]+/g) ?? [];
  return words.length > 1 ? words.map((word) => word[0]).join("") : (words[0] ?? "").slice(0, 3);
}

/** The model's words in short: a word with digits whole ("WH-1000XM5" → WH1000XM5), any other by its initial. */
function modelCode(title: string, brand: string): string {
  const words = title
    .slice(title.startsWith(`${brand} `) ? brand.length + 1 : 0)
    .replace(/^(Men's|Women's) /, "")
    .toUpperCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^A-Z0-9]/g, ""))
    .filter(Boolean);
  return words
    .map((word) => (/\d/.test(word) ? word : word[0]))
    .join("")
    .slice(0, 12);
}

/** "UK 9" → UK9, "30 × 40 cm" → 30X40CM, "Free Size" → FS. */
function sizeCode(size: string): string {
  if (/^free size$/i.test(size)) return "FS";
  return size
    .toUpperCase()
    .replace(/×/g, "X")
    .replace(/[^A-Z0-9]/g, "");
}

type SkuProduct = { _id: string; brand: string; title: { shortTitle: string } };

export function skuOf(product: SkuProduct, size: string): string {
  const parts = [brandCode(product.brand), modelCode(product.title.shortTitle, product.brand)];
  return [...parts.filter(Boolean), product._id.slice(-4).toUpperCase(), sizeCode(size)].join("-");
}

/** Every size's SKU, by size. */
export function skusOf(product: SkuProduct & { variants: { size: string }[] }): Record<string, string> {
  return Object.fromEntries(product.variants.map((v) => [v.size, skuOf(product, v.size)]));
}
