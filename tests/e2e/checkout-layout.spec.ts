// The checkout form's layout at 360, 768 and 1280 px: nothing overflows or overlaps. Measured from the boxes the
// browser laid out (getBoundingClientRect), with every group open that can be: messages shown under the fields,
// the company invoice's two fields, 電子支付's sub-choices, the domestic address and then the overseas one.
// - Every control, label, hint and message lies inside each box that holds it, up to its section (訂購人, 收件資訊,
//   發票, 折價券, 付款方式, 訂單明細) and the form: so 區碼 cannot run under 電話, nor 電話 past 收件資訊.
// - No two of them overlap (a label and the control it holds aside).
// - The page never scrolls sideways.

import { waitForHydration } from "../support/hydration";
import { expect, type Page, test } from "../support/test";
import { signInNewMember } from "./support/session";

const WIDTHS = [360, 768, 1280] as const;

interface Problem {
  kind: "outside" | "overlap";
  what: string;
  other: string;
  by: number;
}

/** The layout problems of the form, as the browser laid it out (px of overflow or overlap, beyond half a pixel). */
function layoutProblems(page: Page): Promise<{ problems: Problem[]; checked: number; scrollWidth: number }> {
  return page.evaluate(() => {
    const form = document.querySelector("form[aria-label$='訂購資料']");
    if (!form) throw new Error("no checkout form");
    const TOLERANCE = 0.5;
    const LEAVES = "input:not([type=hidden]), select, output, button, label, legend, p, h2, h3, dt, dd, li";
    const name = (el: Element) => {
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 24);
      const id = el.getAttribute("name") ? `[name=${el.getAttribute("name")}]` : "";
      return `${el.tagName.toLowerCase()}${id} 「${text}」`;
    };
    // Visually hidden text (sr-only) and anything not laid out are not part of the picture.
    const shown = (el: Element) => {
      for (let node: Element | null = el; node && node !== form; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === "absolute" || style.position === "fixed" || style.display === "none") return false;
        if (style.visibility === "hidden") return false;
      }
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const leaves = [...form.querySelectorAll(LEAVES)].filter(shown);
    const problems: Problem[] = [];
    // Inside every box that holds it (block-level boxes, up to the form).
    for (const leaf of leaves) {
      const box = leaf.getBoundingClientRect();
      for (let holder = leaf.parentElement; holder; holder = holder.parentElement) {
        const display = getComputedStyle(holder).display;
        if (display !== "inline" && display !== "contents") {
          const outer = holder.getBoundingClientRect();
          const by = Math.max(
            outer.left - box.left,
            box.right - outer.right,
            outer.top - box.top,
            box.bottom - outer.bottom,
          );
          if (by > TOLERANCE) problems.push({ kind: "outside", what: name(leaf), other: name(holder), by });
        }
        if (holder === form) break;
      }
    }
    // No two overlap, unless one holds the other (a radio's label holds it).
    for (let i = 0; i < leaves.length; i++) {
      const a = leaves[i] as Element;
      const ra = a.getBoundingClientRect();
      for (let j = i + 1; j < leaves.length; j++) {
        const b = leaves[j] as Element;
        if (a.contains(b) || b.contains(a)) continue;
        const rb = b.getBoundingClientRect();
        const by = Math.min(
          Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left),
          Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top),
        );
        if (by > TOLERANCE) problems.push({ kind: "overlap", what: name(a), other: name(b), by });
      }
    }
    return { problems, checked: leaves.length, scrollWidth: document.documentElement.scrollWidth };
  });
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const radio = (page: Page, name: string) => page.getByRole("radio", { name, exact: true });

async function expectLaidOut(page: Page, width: number, state: string) {
  const { problems, checked, scrollWidth } = await layoutProblems(page);
  expect(checked, `${state}: the form was measured`).toBeGreaterThan(40);
  expect(problems, `${state} at ${width} px`).toEqual([]);
  expect(scrollWidth, `${state} at ${width} px: no sideways scrolling`).toBeLessThanOrEqual(width);
}

for (const width of WIDTHS) {
  test(`the checkout form at ${width} px: nothing overflows or overlaps`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInNewMember(page);
    const items = (
      await (
        await page.request.post("/api/frontend/cart/summary", {
          data: { id_list: Array.from({ length: 40 }, (_, i) => i + 1) },
        })
      ).json()
    ).data as { id: number; category_id: number; is_pre_order: boolean; quantity_max: number | null }[];
    const paper = items.filter((i) => i.category_id === 1 && !i.is_pre_order && (i.quantity_max ?? 0) > 0);
    await page.goto("/");
    await page.evaluate(
      (ids) => localStorage.setItem("website-cart", JSON.stringify(Object.fromEntries(ids.map((id) => [id, 1])))),
      paper.slice(0, 3).map((i) => i.id),
    );
    await page.goto("/cart?checkout=0");
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: /^送出訂單/ })).toBeEnabled();

    // Everything open that can be, with the longest messages: each field's message, the company invoice, 電子支付.
    await radio(page, "公司戶發票").check();
    await radio(page, "電子支付").check();
    await field(page, "電話").fill("23456789#12345");
    await field(page, "統一編號").fill("12345678");
    await page.getByRole("button", { name: /^送出訂單/ }).click();
    await expect(page.getByRole("alert")).toContainText("個欄位需要修正");
    await expect(field(page, "區碼")).toHaveAttribute("aria-invalid", "true");
    await expectLaidOut(page, width, "domestic, with messages");

    // The phone row itself, as the issue saw it at 1280 px: 區碼 ends before 電話 begins (side by side) or above
    // it (stacked), and 電話 ends inside 收件資訊.
    const box = async (label: string) =>
      (await field(page, label).boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
    const areaCode = await box("區碼");
    const tel = await box("電話");
    const receiver = (await page.getByRole("group", { name: "收件資訊" }).boundingBox()) ?? areaCode;
    const sideBySide = Math.abs(areaCode.y - tel.y) < 1;
    if (sideBySide) expect(areaCode.x + areaCode.width).toBeLessThanOrEqual(tel.x);
    else expect(areaCode.y + areaCode.height).toBeLessThanOrEqual(tel.y);
    expect(sideBySide).toBe(width >= 768);
    expect(tel.x + tel.width).toBeLessThanOrEqual(receiver.x + receiver.width);

    // LINE Pay and Apple Pay sit under 電子支付, above the next choice.
    const ePayment = (await radio(page, "電子支付").boundingBox()) ?? areaCode;
    const linePay = (await radio(page, "LINE Pay").boundingBox()) ?? areaCode;
    const card = (await radio(page, "信用卡付款").boundingBox()) ?? areaCode;
    expect(linePay.y).toBeGreaterThan(ePayment.y);
    expect(linePay.y).toBeLessThan(card.y);
    expect(linePay.x).toBeGreaterThan(ePayment.x);

    await radio(page, "海外").check();
    await field(page, "國家").selectOption("日本");
    await expectLaidOut(page, width, "overseas");
  });
}
