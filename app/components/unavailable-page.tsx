// The page of a 503: the bookstore's data cannot be had for now (the API origin hangs, fails or answers garbage; the
// worker adds Retry-After). It says so in Chinese and offers to reload — a plain link to the same address, so it works
// before hydration too — or to go home. A cart lives in this browser's local storage, so it is still there.
import { Link, useLocation } from "react-router";
import { UNAVAILABLE_TITLE } from "~/domain/unavailable";

export function UnavailablePage() {
  const { pathname, search } = useLocation();
  return (
    <section className="container py-12 md:py-20" aria-labelledby="unavailable-title">
      <h1 id="unavailable-title" className="text-2xl md:text-3xl font-bold text-ink mb-6">
        {UNAVAILABLE_TITLE}
      </h1>
      <div role="alert" className="border border-line border-l-4 border-l-primary bg-surface p-5 max-w-xl">
        <h2 className="text-lg font-bold text-ink m-0 mb-2">提示訊息</h2>
        <p className="m-0 text-ink">系統忙碌或連線不穩，暫時無法取得這一頁的資料，請稍後重新載入。</p>
        <p className="mt-2 mb-0 text-ink">購物車的內容仍保留在這個瀏覽器中。</p>
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <a href={`${pathname}${search}`} className="btn-primary">
          重新載入
        </a>
        <Link to="/" className="btn-outline">
          返回首頁
        </Link>
      </div>
    </section>
  );
}
