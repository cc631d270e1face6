// The error page of SPEC §2: title 查無內容, an alert 提示訊息, a 返回首頁 button that replaces the route with /.
// Technical details are never shown; the unknown-route case adds "Page not found" and the path.
// Some pages say when to try again (the worker adds Retry-After) and offer to reload — a plain link to the same address,
// so it works before hydration too; a cart lives in this browser's local storage, so it is still there:
// - 503, the bookstore's data cannot be had for now (the API origin hangs, fails or answers garbage): 暫時無法取得資料;
// - 429, the page's own call was past its rate limit (e.g. many searches from one address): 操作太頻繁;
// and one more says the browser could not reach the bookstore at all (a client navigation's data failed to load:
// offline, a dropped connection), 連線失敗: the link was fine, so the page does not say it may be wrong.
import { isRouteErrorResponse, useLocation, useNavigate } from "react-router";
import { TOO_MANY_REQUESTS_TITLE } from "~/http/rate-limit";
import { UNAVAILABLE_TITLE } from "~/http/unavailable";
import { ERROR_PAGE_TITLE } from "~/lib/meta";
import { isNetworkFailure } from "~/lib/network-failure";

const TRY_AGAIN_LATER: Readonly<Record<number, { title: string; reason: string }>> = {
  503: { title: UNAVAILABLE_TITLE, reason: "系統忙碌或連線不穩，暫時無法取得這一頁的資料，請稍後重新載入。" },
  429: { title: TOO_MANY_REQUESTS_TITLE, reason: "短時間內的查詢次數過多，請 1 分鐘後再重新載入這一頁。" },
};

/** The browser could not reach the bookstore (app/lib/network-failure.ts). */
const OFFLINE_TITLE = "連線失敗";
const OFFLINE = { title: OFFLINE_TITLE, reason: "無法連線到書店，可能是網路中斷了。請確認網路連線後重新載入這一頁。" };

/** The error page's title (its heading and the document's) for a status. */
export const errorPageTitle = (status: number | undefined) => TRY_AGAIN_LATER[status ?? 0]?.title ?? ERROR_PAGE_TITLE;

/** The status an error a route threw is shown with: a response's own, else 500. */
const statusOf = (error: unknown) => (isRouteErrorResponse(error) ? error.status : 500);

/** The document's title for an error a route threw (the route's meta). */
export const routeErrorTitle = (error: unknown) =>
  isNetworkFailure(error) ? OFFLINE_TITLE : errorPageTitle(statusOf(error));

/** The error page for an error a route threw (the ErrorBoundary's); a bug's details go to the console only. */
export function RouteErrorPage({ error }: { error: unknown }) {
  if (isNetworkFailure(error)) return <ErrorPage offline />;
  if (!isRouteErrorResponse(error)) console.error(error);
  return <ErrorPage status={statusOf(error)} />;
}

export function ErrorPage({
  status,
  notFoundPath,
  offline = false,
}: {
  status?: number;
  notFoundPath?: string;
  /** The page's data could not be loaded for the connection (no status: no answer came). */
  offline?: boolean;
}) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const later = offline ? OFFLINE : TRY_AGAIN_LATER[status ?? 0];
  return (
    <section className="container py-12 md:py-20" aria-labelledby="error-title">
      <h1 id="error-title" className="text-2xl md:text-3xl font-bold text-ink mb-6">
        {later?.title ?? errorPageTitle(status)}
      </h1>
      <div role="alert" className="border border-line border-l-4 border-l-primary bg-surface p-5 max-w-xl">
        <h2 className="text-lg font-bold text-ink m-0 mb-2">提示訊息</h2>
        {later ? (
          <>
            <p className="m-0 text-ink">{later.reason}</p>
            <p className="mt-2 mb-0 text-ink">購物車的內容仍保留在這個瀏覽器中。</p>
          </>
        ) : (
          <p className="m-0 text-ink">很抱歉！您所要進入的頁面連結可能有誤。</p>
        )}
      </div>
      {notFoundPath !== undefined && (
        <p className="text-ink-muted mt-4" data-testid="not-found">
          {status ?? 404} Page not found: {notFoundPath}
        </p>
      )}
      <div className="mt-8 flex flex-wrap gap-3">
        {later && (
          <a href={`${pathname}${search}`} className="btn-primary">
            重新載入
          </a>
        )}
        {/* A form, so the button leads home without scripts too; with them it replaces this route (SPEC §2). */}
        <form
          action="/"
          onSubmit={(event) => {
            event.preventDefault();
            navigate("/", { replace: true });
          }}
        >
          <button type="submit" className={later ? "btn-outline" : "btn-primary"}>
            返回首頁
          </button>
        </form>
      </div>
    </section>
  );
}
