// The error page of SPEC §2: title 查無內容, an alert 提示訊息, a 返回首頁 button that replaces the route with /.
// Technical details are never shown; the unknown-route case adds "Page not found" and the path. A 503 (the API
// cannot be had for now) is the 暫時無法取得資料 page instead.
import { useNavigate } from "react-router";
import { ERROR_PAGE_TITLE } from "~/lib/meta";
import { UnavailablePage } from "./unavailable-page";

export function ErrorPage({ status, notFoundPath }: { status?: number; notFoundPath?: string }) {
  const navigate = useNavigate();
  if (status === 503) return <UnavailablePage />;
  return (
    <section className="container py-12 md:py-20" aria-labelledby="error-title">
      <h1 id="error-title" className="text-2xl md:text-3xl font-bold text-ink mb-6">
        {ERROR_PAGE_TITLE}
      </h1>
      <div role="alert" className="border border-line border-l-4 border-l-primary bg-surface p-5 max-w-xl">
        <h2 className="text-lg font-bold text-ink m-0 mb-2">提示訊息</h2>
        <p className="m-0 text-ink">很抱歉！您所要進入的頁面連結可能有誤。</p>
      </div>
      {notFoundPath !== undefined && (
        <p className="text-ink-muted mt-4" data-testid="not-found">
          {status ?? 404} Page not found: {notFoundPath}
        </p>
      )}
      <button type="button" className="btn-primary mt-8" onClick={() => navigate("/", { replace: true })}>
        返回首頁
      </button>
    </section>
  );
}
