// Member layout: sign-in required. A guest is sent to /login with the page kept as the return address.
import { NavLink, Outlet } from "react-router";
import { requireMember, signInFirst } from "~/features/session/sign-in-first.server";
import { API_CODE } from "~/http/api-codes";
import { ApiError } from "~/lib/api/client";
import { critical } from "~/lib/api/loader-data.server";
import { serverApi } from "~/lib/api/server-api.server";
import { skipRevalidationAfterOffline } from "~/lib/offline-submission";
import { MENU_LABELS, menuLinks } from "~/pages";
import type { Route } from "./+types/member";

const MEMBER_NAV = menuLinks("member");

export async function loader({ request, context }: Route.LoaderArgs) {
  requireMember(request);
  try {
    const profile = await critical(serverApi(request, context).GET("/member/profile"));
    // Only the greeting's name goes into the page's data: the rest of the profile (e-mail, phone, birthday) would be
    // serialised into every member page's HTML without being shown. The profile page reads its own.
    return { memberName: profile.name };
  } catch (error) {
    // An expired or ended session: forget the token and sign in again.
    if (error instanceof ApiError && error.code === API_CODE.unauthenticated) {
      throw signInFirst(request, { clearToken: true });
    }
    throw error;
  }
}

// A member form the connection lost keeps the page as it is (lib/offline-submission.ts).
export const shouldRevalidate = skipRevalidationAfterOffline;

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container grid gap-6 py-8 md:grid-cols-[200px_1fr]">
      <nav aria-label={MENU_LABELS.member}>
        <p className="mt-0 font-bold">{loaderData.memberName}，您好</p>
        <ul className="list-none m-0 p-0 flex flex-wrap gap-2 md:flex-col">
          {MEMBER_NAV.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={({ isActive }) => `text-link ${isActive ? "font-bold" : ""}`}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
