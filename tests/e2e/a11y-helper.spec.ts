// expectAccessible itself can fail: a violation put into a real page is reported, in the light theme's full run and
// in the dark theme's colour run (tests/support/a11y.ts runs axe in legacy mode and only colour rules when dark).

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { expect, test } from "../support/test";

test("expectAccessible reports an image without alt text and a colour pair that fails only in the dark theme", async ({
  page,
}) => {
  await page.goto("/news/list");
  // After hydration, so that React does not take the added nodes out again.
  await waitForHydration(page);
  const main = page.getByRole("main");
  await main.evaluate((el) => el.appendChild(Object.assign(document.createElement("img"), { src: "/favicon.ico" })));
  await expect(expectAccessible(page)).rejects.toThrow(/light theme[\s\S]*image-alt/);

  await main.evaluate((el) => el.querySelector("img:not([alt])")?.remove());
  await page.addStyleTag({
    content: ".dark .low-contrast-probe { color: #222 !important; background: #111 !important; }",
  });
  await main.evaluate((el) =>
    el.appendChild(
      Object.assign(document.createElement("p"), { className: "low-contrast-probe", textContent: "低對比文字" }),
    ),
  );
  await expect(expectAccessible(page)).rejects.toThrow(/dark theme[\s\S]*color-contrast/);
});

test("expectAccessible reports pointer targets under 24 × 24 px that sit too close together (WCAG 2.2 target-size)", async ({
  page,
}) => {
  await page.goto("/news/list");
  await waitForHydration(page);
  // Two 12 px buttons side by side: neither is 24 px, nor has 24 px of room around it.
  await page.getByRole("main").evaluate((el) => {
    const row = el.appendChild(document.createElement("div"));
    row.style.display = "flex";
    for (const label of ["小一", "小二"]) {
      const button = row.appendChild(Object.assign(document.createElement("button"), { type: "button", title: label }));
      Object.assign(button.style, { width: "12px", height: "12px", padding: "0", margin: "0" });
    }
  });
  await expect(expectAccessible(page)).rejects.toThrow(/light theme[\s\S]*target-size/);
});
