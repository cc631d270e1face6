// A grid of product cards.
import type { components } from "~/lib/api/schema";
import { ProductCardView } from "./product-card";

type ProductCard = components["schemas"]["ProductCard"];

const GRID = "list-none p-0 m-0 grid gap-4 grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6";

export function ProductGrid({ products, label }: { products: ProductCard[]; label?: string }) {
  return (
    <ul className={GRID} aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <ProductCardView product={product} />
        </li>
      ))}
    </ul>
  );
}
