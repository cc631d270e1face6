// A change of session in the browser, as the root handles it (session-watch.ts): the marker cookie is read from document.cookie, and a
// new session drops what the browser kept of another member (stored values, the cart, cached queries) before the
// cart sync and the page see the new key.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CART_STORAGE_KEY } from "~/features/cart/cart";
import { MemoryStorage } from "~/testing/memory-storage";
import { setExistingBrowserQueryClient } from "../../lib/query-client-ref";
import { setCartMember } from "../cart/cart-store";
import { readCheckoutDraft, writeCheckoutDraft } from "../checkout/draft-storage";
import { memberQueryKey } from "./member-query";
import { CART_OWNER_KEY } from "./member-storage";
import { knownSession } from "./session";
import { currentSession } from "./session-end";
import { checkSession, orderPlaced, readSessionMarker, sessionChanged } from "./session-watch";

vi.mock("../cart/cart-store", () => ({ setCartMember: vi.fn() }));

const A = "aaaaaaaaaaaaaaaa";
const B = "bbbbbbbbbbbbbbbb";
let page: { localStorage: MemoryStorage; sessionStorage: MemoryStorage; location: { href: string } };
let doc: {
  cookie: string;
  documentElement: { attributes: Set<string>; toggleAttribute(name: string, on: boolean): void };
};

beforeEach(() => {
  page = {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    location: { href: "http://127.0.0.1:8788/cart?checkout=0" },
  };
  doc = {
    cookie: "",
    documentElement: {
      attributes: new Set(),
      toggleAttribute(name, on) {
        if (on) this.attributes.add(name);
        else this.attributes.delete(name);
      },
    },
  };
  vi.stubGlobal("window", page);
  vi.stubGlobal("document", doc);
  vi.mocked(setCartMember).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the session marker", () => {
  it("is read under the cookie name of the scheme, and only in the session key's form", () => {
    doc.cookie = `other=1; bookstore_session=${A}`;
    expect(readSessionMarker()).toBe(A);
    doc.cookie = `__Host-bookstore_session=${A}`;
    expect(readSessionMarker()).toBeNull();
    page.location.href = "https://shop.example/cart";
    expect(readSessionMarker()).toBe(A);
    doc.cookie = "__Host-bookstore_session=not-a-key";
    expect(readSessionMarker()).toBeNull();
  });

  it("runs the change once per new session, before the page takes the session in", () => {
    const seen: [string | null, string | null | undefined][] = [];
    vi.mocked(setCartMember).mockImplementation((key) => seen.push([key, knownSession()]));
    doc.cookie = `bookstore_session=${A}`;
    checkSession();
    checkSession();
    expect(knownSession()).toBe(A);
    doc.cookie = "";
    checkSession();
    doc.cookie = `bookstore_session=${B}`;
    checkSession();
    // Each change ran while the page still had the session before it.
    expect(seen).toEqual([
      [A, undefined],
      [null, A],
      [B, null],
    ]);
    expect(knownSession()).toBe(B);
  });
});

describe("member A signs out and member B signs in, in the same tab", () => {
  it("leaves B nothing of A's: no draft, no cart, no cached query", () => {
    const queries = new QueryClient();
    setExistingBrowserQueryClient(queries);

    sessionChanged(A);
    page.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify({ "12": 1 }));
    writeCheckoutDraft(A, { ...readCheckoutDraft(A, 0), receiver: "王小明", invoice_company_tax: "10458574" });
    queries.setQueryData(memberQueryKey(A, "profile"), { name: "讀者甲" });
    expect(readCheckoutDraft(A, 0).receiver).toBe("王小明");

    sessionChanged(null);
    expect(currentSession()).toBeNull();
    expect(page.localStorage.getItem(CART_STORAGE_KEY)).toBeNull();
    expect(page.localStorage.getItem(CART_OWNER_KEY)).toBeNull();
    expect(page.sessionStorage.length).toBe(0);
    expect(queries.getQueryData(memberQueryKey(A, "profile"))).toBeUndefined();

    // The header's member parts went with A (html[data-member]), and come back for B.
    expect(doc.documentElement.attributes.has("data-member")).toBe(false);
    sessionChanged(B);
    expect(doc.documentElement.attributes.has("data-member")).toBe(true);
    expect(readCheckoutDraft(B, 0).receiver).toBe("");
    expect(readCheckoutDraft(B, 0).invoice_company_tax).toBe("");
    expect(vi.mocked(setCartMember).mock.calls.map(([key]) => key)).toEqual([A, null, B]);
  });

  it("A's draft is gone even when B's session replaces A's without a sign-out between", () => {
    sessionChanged(A);
    writeCheckoutDraft(A, { ...readCheckoutDraft(A, 1), member_name: "讀者甲", member_email: "a@example.com" });
    sessionChanged(B);
    expect(page.sessionStorage.length).toBe(0);
    expect(readCheckoutDraft(B, 1).member_email).toBe("");
  });

  it("a placed order takes its draft with it", () => {
    sessionChanged(A);
    writeCheckoutDraft(A, { ...readCheckoutDraft(A, 0), receiver: "王小明" });
    orderPlaced(A);
    expect(readCheckoutDraft(A, 0).receiver).toBe("");
  });
});
