// A line saying what the cart page is doing (reading the cart, loading its lines or the checkout form).

/** What the cart's places say where the browser runs no scripts: the cart is kept in the browser (SPEC §3). */
export const NO_SCRIPT_CART = "購物車需要瀏覽器啟用 JavaScript 才能使用，請啟用後重新整理本頁。";

export function CartStatus({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="text-ink-muted">
      {children}
    </p>
  );
}
