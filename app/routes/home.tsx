import { Link } from "react-router";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(siteFromMatches(matches), { title: "首頁" });

const SECTIONS = [
  { to: "/product/new-books", title: "新書上架", text: "每週更新的新書與再版好書。" },
  { to: "/product/picks", title: "選書推薦", text: "編輯群用心挑選，值得一讀再讀。" },
  { to: "/product/ebooks", title: "電子書", text: "隨身閱讀，隨時隨地親近經典。" },
  { to: "/activity/list", title: "活動", text: "講座、讀書會與新書發表。" },
];

export default function Home({ matches }: Route.ComponentProps) {
  const site = siteFromMatches(matches);
  return (
    <>
      <section className="bg-surface border-b border-line">
        <div className="container py-10 md:py-16">
          <h1 className="font-serif text-3xl md:text-4xl font-bold m-0">{site?.siteTitle}</h1>
          <p className="text-lg text-ink-muted mt-3 mb-0">{site?.siteDescription}</p>
        </div>
      </section>
      <section className="container py-10" aria-labelledby="home-sections">
        <h2 id="home-sections" className="text-xl font-bold mt-0">
          逛逛書房
        </h2>
        <ul className="list-none m-0 p-0 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {SECTIONS.map((s) => (
            <li key={s.to} className="border border-line bg-surface p-5">
              <Link to={s.to} className="text-link text-lg font-bold">
                {s.title}
              </Link>
              <p className="text-ink-muted mb-0">{s.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
