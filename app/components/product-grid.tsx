// A grid of product cards, and its skeleton while deferred data streams in.
import type { components } from "~/lib/api/schema";
import { ProductCardSkeleton, ProductCardView } from "./product-card";

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

export function ProductGridSkeleton({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div className={GRID.replace("list-none p-0 m-0 ", "")} aria-busy="true">
      <span className="sr-only">{label}載入中</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
