// The page of a maker of books, an author (/author/{id}) or a publisher (/publisher/{id}): who they are, how many
// products the shop has from them, and those products sorted and paged from the URL. Structured data describes
// an author as a schema.org Person and a publisher as an Organization.
import type { MetaDescriptor } from "react-router";
import { groupThousands } from "~/domain/thousands";
import { listTitle } from "~/lib/list-query";
import { canonicalUrl, ERROR_PAGE_TITLE, pageMeta, siteFromMatches } from "~/lib/meta";
import { canonicalListPath, type ListQuery, type ProductPage } from "~/lib/product-list-query";
import { FavoriteButton } from "../features/favorites/favorite-button";
import { Breadcrumbs } from "./breadcrumbs";
import { JsonLd } from "./json-ld";
import { ProductListing } from "./product-listing";

/** What the two pages say differently. */
const MAKER_KINDS = {
  author: {
    path: "/author",
    /** Members can favourite authors (likes of type 1); publishers are not favourited. */
    favoriteType: 1,
    countLabel: "作品",
    works: "的作品",
    emptyText: "目前還沒有這位作者的作品。",
    describe: (name: string, count: number) => `${name}的作品，共 ${count} 項。`,
    schemaType: "Person",
  },
  publisher: {
    path: "/publisher",
    favoriteType: undefined,
    countLabel: "出版品",
    works: "的出版品",
    emptyText: "目前還沒有這家出版社的出版品。",
    describe: (name: string, count: number) => `${name}出版的書籍與商品，共 ${count} 項。`,
    schemaType: "Organization",
  },
} as const;

export type MakerKind = keyof typeof MAKER_KINDS;

/** An author or a publisher as the page shows them (`about` is the author's bio or the publisher's description). */
interface Maker {
  id: number;
  name: string;
  about: string;
  product_count: number;
}

export interface MakerPageData {
  maker: Maker;
  query: ListQuery;
  result: ProductPage;
}

/** The page's metadata: the name (and page number), the first words about them, the canonical list URL. */
export function makerMeta(kind: MakerKind) {
  return ({
    matches,
    loaderData,
    location,
  }: {
    matches: readonly ({ id: string; loaderData?: unknown } | undefined)[];
    loaderData: MakerPageData | undefined;
    location: { pathname: string };
  }): MetaDescriptor[] => {
    const site = siteFromMatches(matches);
    if (!loaderData) return pageMeta(site, { title: ERROR_PAGE_TITLE });
    const { maker, query } = loaderData;
    return pageMeta(site, {
      title: listTitle(maker.name, query.page),
      description: maker.about.trim()
        ? maker.about.slice(0, 150)
        : MAKER_KINDS[kind].describe(maker.name, maker.product_count),
      url: canonicalUrl(matches, canonicalListPath(location.pathname, query)),
    });
  };
}

export function MakerPage({ kind, data, origin }: { kind: MakerKind; data: MakerPageData; origin: string }) {
  const { maker, query, result } = data;
  const words = MAKER_KINDS[kind];
  const works = `${maker.name}${words.works}`;
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: maker.name }]} />
      <header className="mb-8">
        {words.favoriteType === undefined ? (
          <h1 className="font-serif text-2xl md:text-3xl font-bold m-0">{maker.name}</h1>
        ) : (
          <div className="flex flex-wrap items-center gap-4">
            <h1 className="font-serif text-2xl md:text-3xl font-bold m-0">{maker.name}</h1>
            <FavoriteButton type={words.favoriteType} id={maker.id} />
          </div>
        )}
        <p className="text-ink-muted mt-2 mb-0" data-testid="product-count">
          {words.countLabel} {groupThousands(maker.product_count)} 項
        </p>
        {maker.about
          .split(/\n{2,}/)
          .filter((paragraph) => paragraph.trim())
          .map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-4 mb-0 max-w-3xl leading-relaxed">
              {paragraph}
            </p>
          ))}
      </header>
      <section aria-labelledby={`${kind}-books`}>
        <h2 id={`${kind}-books`} className="text-xl font-bold mt-0 mb-4">
          {works}
        </h2>
        <ProductListing result={result} query={query} formats={false} label={works} emptyText={words.emptyText} />
      </section>
      <JsonLd
        data={{
          "@type": words.schemaType,
          name: maker.name,
          description: maker.about,
          url: `${origin}${words.path}/${maker.id}`,
        }}
      />
    </div>
  );
}
