// A line saying what the cart page is doing (reading the cart, loading its lines or the checkout form).
export function CartStatus({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="text-ink-muted">
      {children}
    </p>
  );
}
