// /product/{id}: server-rendered from the API; the product is critical (404 when unknown), related books are
// deferred and streamed in with Suspense/Await (they never fail the page).
import { type ReactNode, Suspense } from "react";
import { Await, Link } from "react-router";
import { ApiImage } from "~/components/api-image";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { JsonLd } from "~/components/json-ld";
import { ProductCardSkeleton, ProductCardView } from "~/components/product-card";
import { groupContributorsByRole, isGoodsFormat, PRODUCT_FORMAT_LABEL } from "~/domain/labels";
import { stockNotice } from "~/domain/stock";
import { AddToCartButton } from "~/features/cart/add-to-cart";
import { quantityCap } from "~/features/cart/cart";
import { FavoriteButton } from "~/features/favorites/favorite-button";
import { critical, deferred } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { formatPrice } from "~/lib/format";
import { absoluteUrl, canonicalUrl, ERROR_PAGE_TITLE, originFromMatches, pageMeta, siteFromMatches } from "~/lib/meta";
import type { Route } from "./+types/product";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  const path = { id: params.id };
  // Both calls start at once; only the product is awaited before the shell streams.
  const related = deferred(
    api.GET("/products/{id}/related", { params: { path, query: { limit: 8 } } }),
    [],
    "related products",
  );
  const product = await critical(api.GET("/products/{id}", { params: { path } }));
  return { product, related };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return pageMeta(site, { title: ERROR_PAGE_TITLE });
  const { product } = loaderData;
  const origin = originFromMatches(matches);
  return pageMeta(site, {
    title: product.title,
    description: product.description.split("\n")[0]?.slice(0, 150),
    image: absoluteUrl(product.cover.url, origin),
    type: "book",
    url: canonicalUrl(matches, `/product/${product.id}`),
  });
};

type ProductDetail = components["schemas"]["ProductDetail"];

/** schema.org Book for books (with the ISBN), Product for goods; the offer in TWD with its availability. */
function productJsonLd(product: ProductDetail, origin: string) {
  const url = `${origin}/product/${product.id}`;
  const isBook = !isGoodsFormat(product.format);
  const people = (role: 1 | 2 | 3 | 4) =>
    product.contributors.filter((c) => c.role === role).map((c) => ({ "@type": "Person", name: c.name }));
  const availability = product.is_pre_order
    ? "https://schema.org/PreOrder"
    : product.stock > 0
      ? "https://schema.org/InStock"
      : "https://schema.org/OutOfStock";
  return {
    "@type": isBook ? "Book" : "Product",
    name: product.title,
    url,
    image: absoluteUrl(product.cover.url, origin),
    description: product.description.slice(0, 300),
    ...(isBook && product.isbn ? { isbn: product.isbn } : {}),
    ...(product.isbn ? { gtin13: product.isbn } : {}),
    ...(isBook && people(1).length ? { author: people(1) } : {}),
    ...(isBook && people(2).length ? { translator: people(2) } : {}),
    ...(isBook && people(3).length ? { illustrator: people(3) } : {}),
    ...(isBook && people(4).length ? { editor: people(4) } : {}),
    ...(product.publisher ? { publisher: { "@type": "Organization", name: product.publisher.name } } : {}),
    ...(product.published_on ? { datePublished: product.published_on } : {}),
    ...(isBook
      ? {
          bookFormat:
            product.format === 1
              ? "https://schema.org/Paperback"
              : product.format === 2
                ? "https://schema.org/EBook"
                : "https://schema.org/AudiobookFormat",
        }
      : {}),
    inLanguage: "zh-Hant-TW",
    offers: {
      "@type": "Offer",
      price: product.price_sale,
      priceCurrency: "TWD",
      availability,
      url,
    },
  };
}

/** A titled section below the fold; `wide`, more space above it. */
function Section({ id, title, wide, children }: { id: string; title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={`${wide ? "mt-10" : "mt-8"} below-fold`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Stock as the cached page knew it (it may lag by the cache's fresh window; the cart and checkout decide). */
function StockState({ product }: { product: ProductDetail }) {
  const notice = stockNotice(product);
  const tone =
    notice.kind === "pre-order" ? "text-primary font-bold" : notice.kind === "in-stock" ? "" : "text-error font-bold";
  return <span className={tone}>{notice.text}</span>;
}

export default function ProductPage({ loaderData, matches }: Route.ComponentProps) {
  const { product, related } = loaderData;
  const discounted = product.price_sale < product.price_list;
  // Books read on Readmoo are not sold here (SPEC §4: items with an external reading link leave the checkout).
  const orderable = !product.readmoo_link && quantityCap(product) > 0;
  // Goods (format 4) are introduced as goods, and what goes with them are 商品 rather than 書籍.
  const isGoods = isGoodsFormat(product.format);
  const relatedNoun = isGoods ? "商品" : "書籍";
  return (
    <article className="container py-8" aria-labelledby="product-title">
      <JsonLd data={productJsonLd(product, originFromMatches(matches))} />
      <Breadcrumbs
        items={[
          { label: "商品分類", to: "/product/type" },
          { label: product.product_type.name, to: `/product/type/${product.product_type.id}` },
          { label: product.title },
        ]}
      />
      <div className="grid gap-8 md:grid-cols-[minmax(0,320px)_1fr]">
        <ApiImage
          image={product.cover}
          fetchPriority="high"
          className="block w-full h-auto max-w-80 border border-line bg-surface"
        />
        <div>
          <p className="m-0 text-sm text-ink-muted">
            {PRODUCT_FORMAT_LABEL[product.format]} · {product.product_type.name}
          </p>
          <h1 id="product-title" className="font-serif text-2xl md:text-3xl font-bold mt-1 mb-1">
            {product.title}
          </h1>
          {product.subtitle && <p className="text-lg text-ink-muted m-0">{product.subtitle}</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 mt-4">
            {groupContributorsByRole(product.contributors).map((group) => (
              <div key={group.role} className="contents">
                <dt className="text-ink-muted">{group.label}</dt>
                <dd className="m-0">{group.people.map((p) => p.name).join("、")}</dd>
              </div>
            ))}
            {product.publisher && (
              <>
                <dt className="text-ink-muted">出版社</dt>
                <dd className="m-0">
                  <Link to={`/publisher/${product.publisher.id}`} className="text-link underline">
                    {product.publisher.name}
                  </Link>
                </dd>
              </>
            )}
            {product.published_on && (
              <>
                <dt className="text-ink-muted">出版日期</dt>
                <dd className="m-0">{product.published_on.replaceAll("-", "/")}</dd>
              </>
            )}
            {product.isbn && (
              <>
                <dt className="text-ink-muted">ISBN</dt>
                <dd className="m-0">{product.isbn}</dd>
              </>
            )}
          </dl>
          <div className="mt-6 border-t border-line pt-4">
            <p className="m-0">
              定價{" "}
              <span className={discounted ? "line-through text-ink-muted" : ""}>{formatPrice(product.price_list)}</span>
            </p>
            {discounted && (
              <p className="m-0 text-xl">
                優惠價 <strong className="text-primary">{formatPrice(product.price_sale)}</strong>
              </p>
            )}
            <p className="m-0 mt-2" data-testid="stock">
              <StockState product={product} />
            </p>
            <div className="mt-4 flex flex-wrap items-start gap-3">
              {product.readmoo_link ? (
                <a href={product.readmoo_link} className="btn-primary" rel="noopener noreferrer" target="_blank">
                  到 Readmoo 閱讀<span className="sr-only">（另開新視窗）</span>
                </a>
              ) : (
                <AddToCartButton item={product} orderable={orderable} />
              )}
              <FavoriteButton type={0} id={product.id} />
            </div>
          </div>
        </div>
      </div>

      <Section id="description" title={isGoods ? "商品介紹" : "內容簡介"} wide>
        {product.description.split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph.slice(0, 40)}>{paragraph}</p>
        ))}
      </Section>

      {product.table_of_contents && (
        <Section id="toc" title="目錄">
          <ol className="list-none p-0 m-0 space-y-1">
            {product.table_of_contents.split("\n").map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </Section>
      )}

      {product.sample_pages.length > 0 && (
        <Section id="samples" title="試閱">
          <ul className="list-none p-0 m-0 flex gap-4 overflow-x-auto">
            {product.sample_pages.map((page) => (
              <li key={page.url} className="shrink-0 w-40 md:w-56">
                <ApiImage image={page} loading="lazy" className="block w-full h-auto border border-line" />
              </li>
            ))}
          </ul>
        </Section>
      )}

      <Section id="related" title={`相關${relatedNoun}`} wide>
        <Suspense fallback={<RelatedSkeleton noun={relatedNoun} />}>
          <Await resolve={related}>
            {(items) =>
              items.length > 0 ? (
                <ul
                  className="list-none p-0 m-0 grid gap-4 grid-cols-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6"
                  data-testid="related"
                >
                  {items.map((item) => (
                    <li key={item.id}>
                      <ProductCardView product={item} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-ink-muted">{`目前沒有相關${relatedNoun}。`}</p>
              )
            }
          </Await>
        </Suspense>
      </Section>
    </article>
  );
}

function RelatedSkeleton({ noun }: { noun: string }) {
  return (
    <div className="grid gap-4 grid-cols-2 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-6" aria-busy="true">
      <span className="sr-only">{`相關${noun}載入中`}</span>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <ProductCardSkeleton key={i} />
      ))}
    </div>
  );
}
