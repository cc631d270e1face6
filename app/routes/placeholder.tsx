// A screen that a later issue fills: its title, layout and metadata are real; its content comes later.
import { useMatches } from "react-router";
import { pageMeta, siteFromMatches } from "~/lib/meta";
import { matchTitle } from "~/pages";
import type { Route } from "./+types/placeholder";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteFromMatches(matches), { title: matchTitle(matches.at(-1)?.id) });

export default function Placeholder() {
  const title = matchTitle(useMatches().at(-1)?.id);
  return (
    <section className="container py-10" aria-labelledby="page-title">
      <h1 id="page-title" className="text-2xl font-bold text-ink">
        {title}
      </h1>
      <p className="text-ink-muted">此頁面正在整理中，敬請期待。</p>
    </section>
  );
}
