// The loader of an author's or a publisher's page (see MakerPage): the maker is critical (unknown → 404), and
// their products, sorted and paged from the URL, are asked for at the same time.
import type { RouterContextProvider } from "react-router";
import type { MakerKind, MakerPageData } from "~/components/maker-page";
import type { ApiClient } from "./api/client";
import { critical, notFound } from "./api/loader-data.server";
import { serverApi } from "./api/server-api.server";
import { isPastTheEnd } from "./list-query";
import { apiListQuery, parseListQuery } from "./product-list-query";

type ApiListQuery = ReturnType<typeof apiListQuery>;

const FETCH_MAKER: Record<
  MakerKind,
  (api: ApiClient, path: { id: string }, query: ApiListQuery) => Promise<Omit<MakerPageData, "query">>
> = {
  author: async (api, path, query) => {
    const [author, result] = await Promise.all([
      critical(api.GET("/authors/{id}", { params: { path } })),
      critical(api.GET("/authors/{id}/products", { params: { path, query } })),
    ]);
    const { id, name, bio, product_count } = author;
    return { maker: { id, name, about: bio, product_count }, result };
  },
  publisher: async (api, path, query) => {
    const [publisher, result] = await Promise.all([
      critical(api.GET("/publishers/{id}", { params: { path } })),
      critical(api.GET("/publishers/{id}/products", { params: { path, query } })),
    ]);
    const { id, name, description, product_count } = publisher;
    return { maker: { id, name, about: description, product_count }, result };
  },
};

export function makerLoader(kind: MakerKind) {
  return async ({
    params,
    request,
    url,
    context,
  }: {
    params: { id: string };
    request: Request;
    url: URL;
    context: Readonly<RouterContextProvider>;
  }) => {
    const query = parseListQuery(url.searchParams, { formats: false });
    const fetched = await FETCH_MAKER[kind](serverApi(request, context), { id: params.id }, apiListQuery(query));
    const loaded: MakerPageData = { ...fetched, query };
    return isPastTheEnd(query.page, fetched.result) ? notFound(loaded) : loaded;
  };
}
