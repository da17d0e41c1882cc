import { formatRupees } from "~/lib/money";
import { callUserapp } from "~/lib/userapp.server";
import type { Route } from "./+types/home";

type ListedProduct = {
  _id: string;
  title: { shortTitle: string };
  image: string;
  variants: { price: { cost: number; mrp: number } }[];
};

export function meta() {
  return [
    { title: "Mart — Electronics, Fashion, Home Decor and Televisions" },
    { name: "description", content: "Shop electronics, fashion, home decor and televisions at great prices across India." },
  ];
}

// A minimal home page: the storefront issue fills in the carousels.
export async function loader({ context }: Route.LoaderArgs) {
  const result = await callUserapp<{ data: ListedProduct[] }>(context, "POST", "product/list", {
    body: { query: {}, options: { page: 1, limit: 12, sort: { createdAt: -1 } } },
  });
  return { products: result.ok ? result.envelope.data.data : [] };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl p-4">
      <h1 className="text-2xl font-semibold">Newly Added Products</h1>
      {loaderData.products.length === 0 ? (
        <p className="mt-4 text-gray-600">No products found.</p>
      ) : (
        <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {loaderData.products.map((product) => (
            <li key={product._id} className="rounded border border-gray-200 p-2">
              <img src={product.image} alt="" width={300} height={300} loading="lazy" className="h-auto w-full" />
              <p className="mt-2 text-sm">{product.title.shortTitle}</p>
              <p className="font-semibold">{formatRupees(product.variants[0]?.price.cost ?? 0)}</p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
