// /product/type/{id}: the products of a type (a top-level type includes its children), with the format filter,
// sort and pages in the URL; the type's name and its place in the tree come from the type tree.
import { Link } from "react-router";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { chipClass } from "~/components/product-list-toolbar";
import { ProductListing } from "~/components/product-listing";
import { critical, notFound } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { isPastTheEnd, listTitle } from "~/lib/list-query";
import { canonicalUrl, ERROR_PAGE_TITLE, pageMeta, siteFromMatches } from "~/lib/meta";
import { apiListQuery, canonicalListPath, parseListQuery } from "~/lib/product-list-query";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/product-type";

type TypeNode = components["schemas"]["ProductTypeNode"];

interface TypeInTree {
  id: number;
  name: string;
  product_count: number;
  /** The top-level type above it; none for a top-level type. */
  parent?: TypeLink;
  /** Its children (for a top-level type) or its siblings with itself (for a child). */
  neighbours: TypeLink[];
}

type TypeLink = Omit<TypeNode, "children">;

const typeLink = ({ id, name, product_count }: TypeLink): TypeLink => ({ id, name, product_count });

function findType(tree: TypeNode[], id: number): TypeInTree | undefined {
  for (const top of tree) {
    if (top.id === id) return { ...typeLink(top), neighbours: top.children };
    const child = top.children.find((c) => c.id === id);
    if (child) return { ...typeLink(child), parent: typeLink(top), neighbours: top.children };
  }
  return undefined;
}

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.id)) throw notFound();
  const id = Number(params.id);
  const query = parseListQuery(url.searchParams, { formats: true });
  const api = serverApi(request, context);
  // The tree and the products are asked for at once.
  const [tree, result] = await Promise.all([
    critical(api.GET("/product-types")),
    critical(api.GET("/products", { params: { query: { ...apiListQuery(query), type_id: id } } })),
  ]);
  const type = findType(tree, id);
  if (!type) throw notFound();
  const loaded = { type, query, result };
  return isPastTheEnd(query.page, result) ? notFound(loaded) : loaded;
}

export const meta: Route.MetaFunction = ({ matches, loaderData, location }) => {
  const site = siteFromMatches(matches);
  if (!loaderData) return pageMeta(site, { title: ERROR_PAGE_TITLE });
  const { type, query } = loaderData;
  const within = type.parent ? `「${type.parent.name}」之下的` : "";
  const children =
    !type.parent && type.neighbours.length > 0 ? `，包含${type.neighbours.map((c) => c.name).join("、")}` : "";
  return pageMeta(site, {
    title: listTitle(type.name, query.page),
    description: `覺林書房${within}「${type.name}」分類，共 ${type.product_count} 項書籍與商品${children}。`,
    url: canonicalUrl(matches, canonicalListPath(location.pathname, query)),
  });
};

function RelatedTypes({ type }: { type: TypeInTree }) {
  const parent = type.parent;
  const links = [
    parent
      ? { id: parent.id, name: `全部${parent.name}`, product_count: parent.product_count }
      : { id: type.id, name: `全部${type.name}`, product_count: type.product_count },
    ...type.neighbours,
  ];
  if (links.length <= 1) return null;
  return (
    <nav aria-label={parent ? `${parent.name}的分類` : `${type.name}的子分類`} className="mb-6">
      <ul className="list-none m-0 p-0 flex flex-wrap gap-2" data-testid="related-types">
        {links.map((link) => {
          const current = link.id === type.id;
          return (
            <li key={link.id}>
              <Link
                to={`/product/type/${link.id}`}
                aria-current={current ? "page" : undefined}
                className={chipClass(current)}
              >
                {link.name}
                <span className="ml-1 text-sm font-normal">（{link.product_count}）</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export default function ProductTypePage({ loaderData }: Route.ComponentProps) {
  const { type, query, result } = loaderData;
  const crumbs: Crumb[] = [{ label: routeTitle("product-type"), to: "/product/type" }];
  if (type.parent) crumbs.push({ label: type.parent.name, to: `/product/type/${type.parent.id}` });
  crumbs.push({ label: type.name });
  return (
    <div className="container py-8">
      <Breadcrumbs items={crumbs} />
      <h1 className="font-serif text-2xl md:text-3xl font-bold m-0 mb-6">{type.name}</h1>
      <RelatedTypes type={type} />
      <ProductListing
        result={result}
        query={query}
        formats
        label={type.name}
        emptyText={`「${type.name}」目前沒有符合條件的商品。`}
      />
    </div>
  );
}
