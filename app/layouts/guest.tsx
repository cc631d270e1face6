// Guest layout (login, register, recovery, OAuth register): a cover image with a short Chinese literary quote.
// /recovery uses the dark theme whatever the reader's choice.
import { Link, Outlet, useMatches, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

const QUOTE = { text: "書猶藥也，善讀之可以醫愚。", source: "劉向" };

export default function GuestLayout() {
  const siteTitle = useRouteLoaderData<typeof rootLoader>("root")?.site.siteTitle ?? "";
  const dark = useMatches().at(-1)?.id === "recovery";
  return (
    <div
      className={`${dark ? "dark " : ""}min-h-screen grid md:grid-cols-2 bg-page text-ink`}
      data-theme={dark ? "dark" : undefined}
    >
      {/* In a landmark of its own, as everything on the page is (a screen reader's landmark list skips nothing). */}
      <aside aria-label="書摘" className="relative min-h-48 md:min-h-screen overflow-hidden bg-[#3d3a2b]">
        <figure className="m-0">
          <img
            src="/guest-cover.svg"
            alt=""
            width={960}
            height={1280}
            className="absolute inset-0 w-full h-full object-cover opacity-70"
          />
          <figcaption className="relative p-8 md:p-12 text-[#f5f1e6] font-serif">
            <blockquote className="m-0 text-2xl md:text-3xl leading-relaxed">{QUOTE.text}</blockquote>
            <p className="mt-3 mb-0 text-base">— {QUOTE.source}</p>
          </figcaption>
        </figure>
      </aside>
      <div className="flex flex-col">
        <header className="p-6">
          <Link to="/" className="text-xl font-serif font-bold text-ink no-underline">
            {siteTitle}
          </Link>
        </header>
        <main id="main" className="flex-1 bg-page">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
