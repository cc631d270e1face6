// 加入購物車 on the product page: adds one to the local cart (and the member's saved cart), says so politely.
import { useState } from "react";
import { Link } from "react-router";
import { addItemToCart } from "~/lib/cart-store";
import { useSignedIn } from "~/lib/session";

type State = { kind: "idle" } | { kind: "added"; quantity: number } | { kind: "error"; message: string };

export function AddToCartButton({ id, orderable }: { id: number; orderable: boolean }) {
  const signedIn = useSignedIn();
  const [state, setState] = useState<State>({ kind: "idle" });
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setBusy(true);
    try {
      const cart = await addItemToCart(id, signedIn);
      setState({ kind: "added", quantity: cart[id] ?? 1 });
    } catch (error) {
      // The item is in the local cart either way; only saving it to the account failed.
      setState({ kind: "error", message: `已加入購物車，但同步到會員帳號失敗：${(error as Error).message}` });
    } finally {
      setBusy(false);
    }
  };

  if (!orderable) {
    return (
      <button type="button" className="btn-primary" disabled>
        暫時無法訂購
      </button>
    );
  }
  return (
    <div>
      <button type="button" className="btn-primary" onClick={add} disabled={busy} aria-busy={busy}>
        加入購物車
      </button>
      <p role="status" className="m-0 mt-2 min-h-6 text-sm">
        {state.kind === "added" && (
          <>
            已加入購物車（共 {state.quantity} 件）。
            <Link to="/cart" className="text-link underline">
              前往購物車
            </Link>
          </>
        )}
        {state.kind === "error" && <span className="text-error">{state.message}</span>}
      </p>
    </div>
  );
}
