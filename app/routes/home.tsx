import type { ReactNode } from "react";
import { Link, type AppLoadContext } from "react-router";
import { Carousel } from "~/components/carousel";
import { Hero } from "~/components/home/hero";
import { PopularCategories, categoryHref } from "~/components/home/popular-categories";
import { HomePart } from "~/components/home/home-part";
import { ProductCard } from "~/components/product-card";
import type { CardProduct } from "~/lib/catalogue/catalogue";
import { cardProduct } from "~/lib/catalogue/card-product";
import { CATALOGUE_CACHE } from "~/lib/platform/http-cache";
import { seo } from "~/lib/page/seo";
import { useSaveData } from "~/lib/platform/save-data";
import type { Route } from "./+types/home";

/**
 * Products per home carousel: the first page of each list, at the list call's default page size
 * (10). Two fewer than before per carousel: a lighter home page for slow phones (decision 011).
 */
export const HOME_LIST_LIMIT = 10;
/**
 * The cards of a home carousel that a screen shows at once (six on the widest). With Save-Data
 * the later ones go without their pictures (app/lib/platform/save-data.ts).
 */
export const FIRST_SCREEN_CARDS = 6;

type ListSort = Partial<Record<"createdAt" | "discount", 1 | -1>>;

/** One product list for a carousel. A failed call or a status other than SUCCESS is an empty list: the home page still renders. */
async function productList(
  context: AppLoadContext,
  query: Record<string, unknown>,
  sort: ListSort,
  now: Date,
): Promise<CardProduct[]> {
  const result = await context.api.public.productList({
    query,
    options: { page: 1, limit: HOME_LIST_LIMIT, sort },
    isCountOnly: false,
  });
  return result.ok && Array.isArray(result.data?.data)
    ? result.data.data.map((product) => cardProduct(product, now))
    : [];
}

export async function loader({ context }: Route.LoaderArgs) {
  // The carousels offer what can be bought: a sold-out product is left out (decision 046).
  // One clock for the NEW badges of the three carousels, decided on the server (cardProduct).
  const now = new Date();
  const [todaysDeals, newlyAdded, fashionStore] = await Promise.all([
    productList(context, { inStock: true }, { discount: -1 }, now),
    productList(context, { inStock: true }, { createdAt: -1 }, now),
    productList(context, { category: ["Fashion"], inStock: true }, { createdAt: -1 }, now),
  ]);
  // A product in two carousels (the newest products are often the newest Fashion ones) is one
  // object in the three lists: React Router's loader data then writes it once and refers to it
  // after, which makes the page's inline data smaller (docs/decisions/049-javascript-budget.md).
  const seen = new Map<string, CardProduct>();
  const once = (list: CardProduct[]) =>
    list.map((card) => {
      const first = seen.get(card._id) ?? card;
      seen.set(card._id, first);
      return first;
    });
  return { todaysDeals: once(todaysDeals), newlyAdded: once(newlyAdded), fashionStore: once(fashionStore) };
}

export function headers() {
  return { "Cache-Control": CATALOGUE_CACHE };
}

export const meta: Route.MetaFunction = (args) =>
  seo(args, {
    title: "Online Shopping for Electronics, Fashion, Home Decor and Televisions",
    description:
      "Shop headphones, smart TVs, fashion and home decor at great prices across India. Today's deals, new arrivals and the Fashion Store, delivered to your door.",
    path: "/",
  });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { todaysDeals, newlyAdded, fashionStore } = loaderData;
  const saveData = useSaveData();
  const cards = (products: CardProduct[]) =>
    products.map((product, index) => (
      <ProductCard key={product._id} product={product} picture={!saveData || index < FIRST_SCREEN_CARDS} />
    ));

  return (
    <div className="mx-auto flex max-w-screen-2xl flex-col gap-10 px-4 pb-12 pt-4 sm:gap-14 sm:px-6 lg:px-8">
      <h1 className="sr-only">Mart: electronics, fashion, home decor and televisions</h1>
      <Hero />

      <HomeSection id="popular-categories" title="Popular Categories">
        <PopularCategories />
      </HomeSection>

      <HomeSection id="todays-deals" title="Today's Deals" moreHref="/shop?sort=discount">
        <Carousel label="Today's Deals" kind="products">
          {cards(todaysDeals)}
        </Carousel>
      </HomeSection>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
        <HomeSection id="newly-added" title="Newly Added Products" moreHref="/shop">
          <Carousel label="Newly Added Products" kind="products">
            {cards(newlyAdded)}
          </Carousel>
        </HomeSection>
        {/* Prerendered: the banner's markup comes with the page, its code stays on the server (home-parts.tsx). */}
        <HomePart
          as="aside"
          part="special-deals"
          aria-labelledby="special-deals-heading"
          className="relative flex h-full min-h-64 flex-col justify-between overflow-hidden rounded-2xl bg-gradient-to-br from-amber-300 via-orange-400 to-rose-500 p-6 text-gray-900"
        />
      </div>

      <HomeSection id="fashion-store" title="Fashion Store" moreHref={categoryHref("Fashion")}>
        <Carousel label="Fashion Store" kind="products">
          {cards(fashionStore)}
        </Carousel>
      </HomeSection>
    </div>
  );
}

function HomeSection({
  id,
  title,
  moreHref,
  children,
}: {
  id: string;
  title: string;
  moreHref?: string;
  children: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="min-w-0 scroll-mt-24">
      <div className="mb-4 flex items-end justify-between gap-4 border-b border-gray-200 pb-2">
        <h2
          id={headingId}
          className="relative text-xl font-bold text-gray-900 after:absolute after:-bottom-[9px] after:left-0 after:h-0.5 after:w-full after:bg-brand sm:text-2xl"
        >
          {title}
        </h2>
        {moreHref && (
          <Link
            to={moreHref}
            className="shrink-0 text-sm font-semibold text-brand hover:text-brand-dark hover:underline"
          >
            View all<span className="sr-only"> {title}</span>
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}
