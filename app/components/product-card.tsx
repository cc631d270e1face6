import { Link } from "react-router";
import type { components } from "~/lib/api/schema";
import { formatPrice } from "~/lib/format";

type ProductCard = components["schemas"]["ProductCard"];

/** How soon a card's cover loads: "high" for a listing's likely LCP image, "eager" for the rest of its first rows. */
export type CoverPriority = "high" | "eager" | "lazy";

export function ProductCardView({ product, cover = "lazy" }: { product: ProductCard; cover?: CoverPriority }) {
  const author = product.contributors.find((c) => c.role === 1)?.name;
  return (
    <Link to={`/product/${product.id}`} className="group block text-ink no-underline">
      <img
        src={product.cover.url}
        width={product.cover.width}
        height={product.cover.height}
        alt=""
        loading={cover === "lazy" ? "lazy" : "eager"}
        fetchPriority={cover === "high" ? "high" : undefined}
        decoding={cover === "lazy" ? "async" : undefined}
        className="block w-full h-auto border border-line bg-surface"
      />
      <span className="block mt-2 font-bold leading-snug group-hover:underline">{product.title}</span>
      {author && <span className="block text-sm text-ink-muted">{author}</span>}
      <span className="block text-sm">
        <span className="sr-only">售價 </span>
        {formatPrice(product.price_sale)}
      </span>
    </Link>
  );
}

export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse">
      <div className="w-full aspect-[5/7] bg-line" />
      <div className="h-4 mt-2 bg-line w-4/5" />
      <div className="h-3 mt-2 bg-line w-1/2" />
    </div>
  );
}
