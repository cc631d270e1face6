// Header, navigation and footer of the default layout.
import { Form, Link, NavLink, useRouteLoaderData } from "react-router";
import { signingOut } from "~/features/session/session-end";
import { MENU_LABELS, menuLinks } from "~/pages";
import type { loader as rootLoader } from "~/root";
import { CartLink } from "../features/cart/cart-link";
import { CartSyncNotice } from "../features/cart/cart-sync-notice";
import { SearchBox } from "./search-box";
import { ThemeControls } from "./theme-controls";

const NAV = menuLinks("header");

/** The footer's link groups, each under its heading; the legal pages stand in a line of their own. */
const FOOTER_GROUPS = (["about", "footer-shopping"] as const).map((menu) => ({
  title: MENU_LABELS[menu],
  links: menuLinks(menu),
}));
const LEGAL_LINKS = menuLinks("legal");

// The pointer targets of the header's links and the footer's menus are sized in app/styles/theme.css by this markup's
// structure (header > div > a, header > div > nav, header > nav, footer nav): keep the two in step.
export function SiteChrome({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const siteTitle = root?.site.siteTitle ?? "";
  return (
    <>
      <a href="#main" className="skip-link">
        跳到主要內容
      </a>
      <header className="border-b border-line bg-surface">
        <div className="container flex flex-wrap items-center justify-between gap-3 py-3">
          <Link to="/" className="text-xl md:text-2xl font-serif font-bold text-ink no-underline">
            {siteTitle}
          </Link>
          <search className="order-3 w-full md:order-none md:w-auto">
            <SearchBox />
          </search>
          <nav aria-label="會員" className="flex items-center gap-4 text-sm">
            <CartLink />
            {/* Both, whoever the page was rendered for (the edge cache shares it): the session marker shows one. */}
            <Link to="/member/profile" className="text-link member-only">
              會員中心
            </Link>
            {/* Signing out: no code 3 from now on (replies still out, requests yet to start) sends the reader to /login. */}
            <Form method="post" action="/login" onSubmit={signingOut} className="member-only">
              <button
                type="submit"
                name="intent"
                value="logout"
                className="text-link bg-transparent border-0 p-0 cursor-pointer text-sm"
              >
                登出
              </button>
            </Form>
            <Link to="/login" className="text-link guest-only">
              登入
            </Link>
          </nav>
        </div>
        <CartSyncNotice />
        {/* Wraps on a phone rather than scrolling sideways: a menu scrolled out of sight shows nothing of what it hides. */}
        <nav aria-label={MENU_LABELS.header} className="container">
          <ul className="flex flex-wrap gap-x-5 gap-y-1 list-none m-0 p-0 py-2 whitespace-nowrap">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) => `text-link text-sm ${isActive ? "font-bold underline" : ""}`}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="min-h-[60vh] outline-none">
        {children}
      </main>
      <footer className="border-t border-line bg-surface mt-12 below-fold">
        <div className="container py-8 grid gap-6 md:grid-cols-3 text-sm">
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-base font-bold m-0 mb-2">{group.title}</h2>
              <ul className="list-none m-0 p-0 space-y-1">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className="text-link">
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <div>
            <h2 className="text-base font-bold m-0 mb-2">設定</h2>
            <ThemeControls />
            <p className="text-ink-muted mt-4 mb-0">
              {LEGAL_LINKS.map((link, i) => (
                <span key={link.to}>
                  {i > 0 && " · "}
                  <Link to={link.to} className="text-link">
                    {link.label}
                  </Link>
                </span>
              ))}
            </p>
          </div>
        </div>
        <p className="container text-xs text-ink-muted pb-6 m-0">© {siteTitle}</p>
      </footer>
    </>
  );
}
