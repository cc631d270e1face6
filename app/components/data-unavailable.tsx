// What a page says where its data would be when the API could not give it (a failing list is not the error page):
// a short Chinese message and a way to try again. The reload is a plain link to the same address, so it works
// before hydration too.
import { useLocation } from "react-router";
import { UNAVAILABLE_TITLE } from "~/http/unavailable";

export function DataUnavailable() {
  const { pathname, search } = useLocation();
  return (
    <div role="alert" className="border border-error px-4 py-4 max-w-xl" data-testid="data-unavailable">
      <p className="m-0 font-bold text-error">{UNAVAILABLE_TITLE}</p>
      <p className="mt-1 mb-3 text-ink-muted">系統忙碌或連線不穩，請稍後重新載入。</p>
      <a href={`${pathname}${search}`} className="btn-outline h-control-sm px-4">
        重新載入
      </a>
    </div>
  );
}
