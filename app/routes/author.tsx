// /author/{id}: the author (critical: unknown → 404) and their books, sorted and paged from the URL; both are
// asked for at once. Structured data describes the author as a schema.org Person.
import { Breadcrumbs } from "~/components/breadcrumbs";
import { FavoriteButton } from "~/components/favorite-button";
import { JsonLd } from "~/components/json-ld";
import { apiListQuery, canonicalListPath, listTitle, parseListQuery } from "~/components/product-list-query";
import { ProductListing } from "~/components/product-listing";
import { critical } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server";
import { canonicalUrl, ERROR_PAGE_TITLE, originFromMatches, pageMeta, siteFromMatches } from "~/lib/meta";
import type { Route } from "./+types/author";

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const query = parseListQuery(url.searchParams, { formats: false });
  const api = serverApi(request, context);
  const path = { id: params.id };
  const [author, result] = await Promise.all([
    critical(api.GET("/authors/{id}", { params: { path } })),
    critical(api.GET("/authors/{id}/products", { params: { path, query: apiListQuery(query) } })),
  ]);
  return { author, query, result };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return pageMeta(site, { title: ERROR_PAGE_TITLE });
  const { author, query } = loaderData;
  return pageMeta(site, {
    title: listTitle(author.name, query.page),
    description: author.bio.trim() ? author.bio.slice(0, 150) : `${author.name}的作品，共 ${author.product_count} 項。`,
    url: canonicalUrl(matches, canonicalListPath(location.pathname, query)),
  });
};

export default function AuthorPage({ loaderData, matches }: Route.ComponentProps) {
  const { author, query, result } = loaderData;
  const path = `/author/${author.id}`;
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: author.name }]} />
      <header className="mb-8">
        <div className="flex flex-wrap items-center gap-4">
          <h1 className="font-serif text-2xl md:text-3xl font-bold m-0">{author.name}</h1>
          <FavoriteButton type={1} id={author.id} />
        </div>
        <p className="text-ink-muted mt-2 mb-0" data-testid="product-count">
          作品 {author.product_count.toLocaleString("en-US")} 項
        </p>
        {author.bio
          .split(/\n{2,}/)
          .filter((paragraph) => paragraph.trim())
          .map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-4 mb-0 max-w-3xl leading-relaxed">
              {paragraph}
            </p>
          ))}
      </header>
      <section aria-labelledby="author-books">
        <h2 id="author-books" className="text-xl font-bold mt-0 mb-4">
          {author.name}的作品
        </h2>
        <ProductListing
          result={result}
          query={query}
          formats={false}
          label={`${author.name}的作品`}
          emptyText="目前還沒有這位作者的作品。"
        />
      </section>
      <JsonLd
        data={{
          "@type": "Person",
          name: author.name,
          description: author.bio,
          url: `${originFromMatches(matches)}${path}`,
        }}
      />
    </div>
  );
}
