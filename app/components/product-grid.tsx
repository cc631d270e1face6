// A grid of product cards.
import type { components } from "~/lib/api/schema";
import { type CoverPriority, ProductCardView } from "./product-card";

type ProductCard = components["schemas"]["ProductCard"];

const GRID = "list-none p-0 m-0 grid gap-4 grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6";

/** Covers of the first rows a phone shows (two columns) load at once; the first is the page's likely LCP image. The
 * cards after them skip layout and paint until they near the viewport (their covers load lazily then too). */
const EAGER_COVERS = 4;

function coverPriority(index: number, leading: boolean): CoverPriority {
  if (!leading) return "lazy";
  if (index === 0) return "high";
  return index < EAGER_COVERS ? "eager" : "lazy";
}

export function ProductGrid({
  products,
  label,
  leading = false,
}: {
  products: ProductCard[];
  label?: string;
  /** The grid is the page's main content near the top (a listing, search results): its first covers load first. */
  leading?: boolean;
}) {
  return (
    <ul className={GRID} aria-label={label}>
      {products.map((product, index) => (
        <li key={product.id} className={leading && index >= EAGER_COVERS ? "below-fold-card" : undefined}>
          <ProductCardView product={product} cover={coverPriority(index, leading)} />
        </li>
      ))}
    </ul>
  );
}
