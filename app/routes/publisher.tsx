// /publisher/{id}: the publisher (critical: unknown → 404) and its books, sorted and paged from the URL; both are
// asked for at once. Structured data describes the publisher as a schema.org Organization.
import { Breadcrumbs } from "~/components/breadcrumbs";
import { JsonLd } from "~/components/json-ld";
import { apiListQuery, canonicalListPath, listTitle, parseListQuery } from "~/components/product-list-query";
import { ProductListing } from "~/components/product-listing";
import { critical } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server";
import { canonicalUrl, ERROR_PAGE_TITLE, originFromMatches, pageMeta, siteFromMatches } from "~/lib/meta";
import type { Route } from "./+types/publisher";

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  const query = parseListQuery(url.searchParams, { formats: false });
  const api = serverApi(request, context);
  const path = { id: params.id };
  const [publisher, result] = await Promise.all([
    critical(api.GET("/publishers/{id}", { params: { path } })),
    critical(api.GET("/publishers/{id}/products", { params: { path, query: apiListQuery(query) } })),
  ]);
  return { publisher, query, result };
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return pageMeta(site, { title: ERROR_PAGE_TITLE });
  const { publisher, query } = loaderData;
  return pageMeta(site, {
    title: listTitle(publisher.name, query.page),
    description: publisher.description.trim()
      ? publisher.description.slice(0, 150)
      : `${publisher.name}出版的書籍與商品，共 ${publisher.product_count} 項。`,
    url: canonicalUrl(matches, canonicalListPath(location.pathname, query)),
  });
};

export default function PublisherPage({ loaderData, matches }: Route.ComponentProps) {
  const { publisher, query, result } = loaderData;
  const path = `/publisher/${publisher.id}`;
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: publisher.name }]} />
      <header className="mb-8">
        <h1 className="font-serif text-2xl md:text-3xl font-bold m-0">{publisher.name}</h1>
        <p className="text-ink-muted mt-2 mb-0" data-testid="product-count">
          出版品 {publisher.product_count.toLocaleString("en-US")} 項
        </p>
        {publisher.description
          .split(/\n{2,}/)
          .filter((paragraph) => paragraph.trim())
          .map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-4 mb-0 max-w-3xl leading-relaxed">
              {paragraph}
            </p>
          ))}
      </header>
      <section aria-labelledby="publisher-books">
        <h2 id="publisher-books" className="text-xl font-bold mt-0 mb-4">
          {publisher.name}的出版品
        </h2>
        <ProductListing
          result={result}
          query={query}
          formats={false}
          label={`${publisher.name}的出版品`}
          emptyText="目前還沒有這家出版社的出版品。"
        />
      </section>
      <JsonLd
        data={{
          "@type": "Organization",
          name: publisher.name,
          description: publisher.description,
          url: `${originFromMatches(matches)}${path}`,
        }}
      />
    </div>
  );
}
