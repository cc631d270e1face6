// /: the home page from one edge-cached call (GET /home). Every section is rendered in the server's first HTML:
// the call is awaited, so the banners and the first shelf are in the shell, not streamed in later.
import { Link, useRouteLoaderData } from "react-router";
import { ActivityCard } from "~/components/activity-card";
import { ArticleCard } from "~/components/article-card";
import { JsonLd } from "~/components/json-ld";
import { ProductGrid } from "~/components/product-grid";
import { critical } from "~/lib/api/loader-data.server";
import type { components } from "~/lib/api/schema";
import { serverApi } from "~/lib/api/server-api.server";
import { formatDate } from "~/lib/format";
import { absoluteUrl, canonicalUrl, originFromMatches, pageMeta, siteFromMatches } from "~/lib/meta";
import { routeTitle } from "~/pages";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";

type Schemas = components["schemas"];

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(request, context);
  // One call for every section; a failure is the error page (the edge serves a stale copy when it can).
  return { home: await critical(api.GET("/home")) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const origin = originFromMatches(matches);
  const banner = loaderData?.home.banners[0]?.image.url;
  return pageMeta(siteFromMatches(matches), {
    title: routeTitle("index"),
    url: canonicalUrl(matches, "/"),
    image: banner ? absoluteUrl(banner, origin) : undefined,
  });
};

const isExternal = (link: string) => /^https?:\/\//i.test(link);

/** A banner's destination: a site path by client navigation, an absolute URL as a plain link. */
function BannerLink({ banner, children }: { banner: Schemas["Banner"]; children: React.ReactNode }) {
  const className = "block focus-visible:outline-offset-[-2px]";
  return isExternal(banner.link) ? (
    <a href={banner.link} className={className} rel="noopener">
      {children}
    </a>
  ) : (
    <Link to={banner.link} className={className}>
      {children}
    </Link>
  );
}

function BannerImage({ banner, first }: { banner: Schemas["Banner"]; first: boolean }) {
  return (
    <img
      src={banner.image.url}
      width={banner.image.width}
      height={banner.image.height}
      // The image carries the banner's title and words; its alt text names the link.
      alt={banner.image.alt || banner.title}
      loading={first ? "eager" : "lazy"}
      fetchPriority={first ? "high" : undefined}
      decoding={first ? undefined : "async"}
      className="block w-full h-auto bg-surface"
    />
  );
}

/** The first banner large; the others in a strip that scrolls sideways on small screens (no auto-rotation). */
function Banners({ banners }: { banners: Schemas["Banner"][] }) {
  const [first, ...rest] = banners;
  if (!first) return null;
  return (
    <section aria-label="精選主題" className="container pt-4" data-testid="home-banners">
      <ul className="list-none m-0 p-0">
        <li>
          <BannerLink banner={first}>
            <BannerImage banner={first} first />
          </BannerLink>
        </li>
      </ul>
      {rest.length > 0 && (
        <ul className="list-none m-0 p-0 mt-3 flex gap-3 overflow-x-auto snap-x snap-mandatory pb-2">
          {rest.map((banner) => (
            <li key={banner.id} className="snap-start shrink-0 w-[80%] sm:w-[calc((100%-0.75rem)/2)] lg:flex-1 lg:w-0">
              <BannerLink banner={banner}>
                <BannerImage banner={banner} first={false} />
              </BannerLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A titled section with its "more" link (the link's text names the section for screen readers). */
function HomeSection({
  id,
  title,
  more,
  moreLabel,
  shelf = false,
  children,
}: {
  id: string;
  title: string;
  more: string;
  /** The visible link text; 看更多 alone is completed by the section's title for screen readers. */
  moreLabel: "看更多" | "更多消息" | "更多活動" | "更多文章";
  /** A shelf of two rows of books or more: estimated taller while the browser skips it (.config/uno.config.ts). */
  shelf?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`container mt-10 ${shelf ? "below-fold-shelf" : "below-fold"}`}
      data-testid={`home-${id}`}
    >
      <div className="flex items-baseline justify-between gap-4 border-b border-line pb-2 mb-4">
        <h2 id={`${id}-title`} className="font-serif text-xl md:text-2xl font-bold m-0">
          {title}
        </h2>
        <Link to={more} className="text-link text-sm shrink-0">
          {moreLabel}
          {moreLabel === "看更多" && <span className="sr-only">{title}</span>}
          <span aria-hidden="true"> ›</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

function NewsList({ news }: { news: Schemas["NewsSummary"][] }) {
  return (
    <ul className="list-none m-0 p-0 divide-y divide-line border-y border-line">
      {news.map((item) => (
        <li key={item.id} className="py-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <time dateTime={item.published_at} className="text-sm text-ink-muted tabular-nums">
            {formatDate(item.published_at)}
          </time>
          <span className="text-xs border border-primary text-primary px-1.5">{item.type_label}</span>
          {item.is_pinned && <span className="text-xs font-bold text-primary">置頂</span>}
          <Link to={`/news/${item.id}`} className="text-link basis-full md:basis-auto md:flex-1 min-w-0">
            {item.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Home shows four cards a row on wide screens (the lists show three). */
const CARD_GRID = "list-none m-0 p-0 grid gap-4 sm:grid-cols-2 lg:grid-cols-4";

/** A section of cards (activities, articles), four a row on wide screens; none when there are no items. */
function CardShelf<T extends { id: number }>({
  shelf,
  items,
  card,
}: {
  shelf: Omit<Parameters<typeof HomeSection>[0], "children">;
  items: readonly T[];
  card: (item: T) => React.ReactNode;
}) {
  if (items.length === 0) return null;
  return (
    <HomeSection {...shelf}>
      <ul className={CARD_GRID}>
        {items.map((item) => (
          <li key={item.id}>{card(item)}</li>
        ))}
      </ul>
    </HomeSection>
  );
}

const activityCard = (activity: Schemas["ActivitySummary"]) => <ActivityCard activity={activity} headingLevel={3} />;
const articleCard = (article: Schemas["ArticleSummary"]) => <ArticleCard article={article} headingLevel={3} />;

const ACTIVITIES = { id: "activities", title: "活動", more: "/activity/list", moreLabel: "更多活動" } as const;
const ARTICLES = { id: "articles", title: "文章", more: "/article/list", moreLabel: "更多文章" } as const;

/**
 * The most books one row of a shelf holds (the product grid's widest layout, six across). A shelf with more is two rows
 * or more at every width, so the tall estimate of `below-fold-shelf` stays under its real height; a shorter shelf
 * takes the plain `below-fold` one.
 */
const BOOKS_IN_WIDEST_ROW = 6;

const SHELVES = [
  { id: "new-books", key: "new_books", title: "新書上架", more: "/product/new-books" },
  { id: "picks", key: "picks", title: "選書推薦", more: "/product/picks" },
  { id: "ebooks", key: "ebooks", title: "電子書", more: "/product/ebooks" },
] as const;

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { home } = loaderData;
  const site = siteFromMatches(matches);
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  const siteTitle = site?.siteTitle ?? "";
  const hasBanners = home.banners.length > 0;
  return (
    <div className="pb-4">
      <JsonLd
        data={{
          "@type": "WebSite",
          name: siteTitle,
          url: `${origin}/`,
          inLanguage: "zh-Hant-TW",
          potentialAction: {
            "@type": "SearchAction",
            target: `${origin}/search?q={search_term_string}`,
            "query-input": "required name=search_term_string",
          },
        }}
      />
      <JsonLd
        data={{
          "@type": "BookStore",
          name: siteTitle,
          url: `${origin}/`,
          description: site?.siteDescription,
          logo: `${origin}/favicon.svg`,
        }}
      />
      <div className="container pt-6">
        {/* The banners carry the visual welcome; the site title stays the page's heading for assistive tech. */}
        <h1 className={hasBanners ? "sr-only" : "font-serif text-3xl md:text-4xl font-bold m-0"}>{siteTitle}</h1>
        <p className="m-0 text-ink-muted">{site?.siteDescription}</p>
      </div>
      <Banners banners={home.banners} />
      {SHELVES.map((shelf) =>
        home[shelf.key].length > 0 ? (
          <HomeSection
            key={shelf.id}
            id={shelf.id}
            title={shelf.title}
            more={shelf.more}
            moreLabel="看更多"
            shelf={home[shelf.key].length > BOOKS_IN_WIDEST_ROW}
          >
            <ProductGrid products={home[shelf.key]} label={shelf.title} />
          </HomeSection>
        ) : null,
      )}
      {home.news.length > 0 && (
        <HomeSection id="news" title="最新消息" more="/news/list" moreLabel="更多消息">
          <NewsList news={home.news} />
        </HomeSection>
      )}
      <CardShelf shelf={ACTIVITIES} items={home.activities} card={activityCard} />
      <CardShelf shelf={ARTICLES} items={home.articles} card={articleCard} />
    </div>
  );
}
