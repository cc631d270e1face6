// /product/type: the product-type tree as a browsable index, each top-level type with its children and counts.
import { Link } from "react-router";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { groupThousands } from "~/domain/thousands";
import { critical } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { canonicalUrl, pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { Route } from "./+types/product-types";

export async function loader({ request, context }: Route.LoaderArgs) {
  const types = await critical(serverApi(request, context).GET("/product-types"));
  return { types };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const names = loaderData?.types.map((t) => t.name).join("、");
  return pageMeta(siteFromMatches(matches), {
    title: routeTitle("product-type"),
    description: names ? `依分類瀏覽覺林書房的書籍與商品：${names}。` : undefined,
    url: canonicalUrl(matches, "/product/type"),
  });
};

function Count({ n }: { n: number }) {
  return <span className="text-sm text-ink-muted font-normal"> {groupThousands(n)} 項</span>;
}

export default function ProductTypesPage({ loaderData }: Route.ComponentProps) {
  const { types } = loaderData;
  const title = routeTitle("product-type");
  return (
    <div className="container py-8">
      <Breadcrumbs items={[{ label: title }]} />
      <h1 className="font-serif text-2xl md:text-3xl font-bold m-0 mb-6">{title}</h1>
      {types.length === 0 ? (
        <p className="border border-line bg-surface p-6 m-0">目前還沒有商品分類，歡迎稍後再來看看。</p>
      ) : (
        <ul className="list-none m-0 p-0 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="type-tree">
          {types.map((type) => (
            <li key={type.id} className="border border-line bg-surface p-5">
              <h2 className="text-lg font-bold m-0">
                <Link to={`/product/type/${type.id}`} className="text-link">
                  {type.name}
                  <Count n={type.product_count} />
                </Link>
              </h2>
              {type.children.length > 0 && (
                <ul className="list-none m-0 mt-3 p-0 flex flex-col gap-2" aria-label={`${type.name}的子分類`}>
                  {type.children.map((child) => (
                    <li key={child.id}>
                      <Link to={`/product/type/${child.id}`} className="text-link">
                        {child.name}
                        <Count n={child.product_count} />
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
