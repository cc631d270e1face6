// /member/favorites: a fresh member's liked books, authors and articles, one tab each with the tab in the URL
// (plain links, so without JavaScript too); removal with the favourite toggle, by mouse and keyboard; axe.

import { expectAccessible } from "../support/a11y";
import { waitForHydration } from "../support/hydration";
import { type APIRequestContext, expect, type Page, test } from "../support/test";
import { signInNewMember } from "./support/session";

const api = "/api/frontend";

async function like(request: APIRequestContext, type: 0 | 1 | 2, id: number) {
  const res = await request.post(`${api}/member/favorites`, { data: { type, id, status: 1 } });
  expect((await res.json()).code).toBe(1);
}

/** A fresh member (signed in in the page's context) who liked books 5 then 2, author 3 and the latest article. */
async function memberWithLikes(page: Page) {
  await signInNewMember(page);
  const article = (await (await page.request.get(`${api}/articles?per_page=1`)).json()).data.items[0];
  await like(page.request, 0, 5);
  await like(page.request, 0, 2);
  await like(page.request, 1, 3);
  await like(page.request, 2, article.id);
  const title = async (id: number) => (await (await page.request.get(`${api}/products/${id}`)).json()).data.title;
  const author = (await (await page.request.get(`${api}/authors/3`)).json()).data;
  return { books: [await title(2), await title(5)], author: author.name as string, article };
}

const list = (page: Page, label: string) => page.getByRole("list", { name: `收藏的${label}` });
const tabs = (page: Page) => page.getByRole("navigation", { name: "收藏類別" });

test("each tab lists the member's likes of its kind, newest first, with the tab in the URL", async ({ page }) => {
  const liked = await memberWithLikes(page);
  await page.goto("/member/favorites");
  await waitForHydration(page);
  await expect(tabs(page).getByRole("link", { name: "書籍" })).toHaveAttribute("aria-current", "page");
  const books = list(page, "書籍").getByRole("listitem");
  await expect(books).toHaveCount(2);
  await expect(books.nth(0)).toContainText(liked.books[0]);
  await expect(books.nth(1)).toContainText(liked.books[1]);
  await expect(books.nth(0).locator("img")).toHaveAttribute("src", /\/media\/covers\/2\./);
  await expect(books.nth(0)).toContainText("NT$");
  await expect(page.getByText("共 2 本")).toBeVisible();

  await tabs(page).getByRole("link", { name: "作者" }).click();
  await expect(page).toHaveURL(/\/member\/favorites\?tab=authors$/);
  await expect(tabs(page).getByRole("link", { name: "作者" })).toHaveAttribute("aria-current", "page");
  await expect(list(page, "作者").getByRole("link", { name: liked.author })).toHaveAttribute("href", "/author/3");

  await tabs(page).getByRole("link", { name: "文章" }).click();
  await expect(page).toHaveURL(/\?tab=articles$/);
  const article = list(page, "文章").getByRole("listitem");
  await expect(article.getByRole("link", { name: liked.article.title })).toBeVisible();
  await expect(article.locator("time")).toHaveAttribute("datetime", liked.article.published_at);
});

test("取消收藏 removes the item from the list and from the likes", async ({ page }) => {
  const liked = await memberWithLikes(page);
  await page.goto("/member/favorites?tab=books");
  await waitForHydration(page);
  await page.getByRole("button", { name: `取消收藏「${liked.books[0]}」` }).click();
  await expect(list(page, "書籍").getByRole("listitem")).toHaveCount(1);
  await expect(list(page, "書籍")).not.toContainText(liked.books[0]);
  await expect(page.getByText("共 1 本")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "已取消收藏" })).toHaveText(
    `已取消收藏「${liked.books[0]}」`,
  );
  const likes = (await (await page.request.get(`${api}/member/likes`)).json()).data;
  expect(likes[0].items).toEqual([5]);

  // The last one gone: the tab's empty state.
  await page.getByRole("button", { name: `取消收藏「${liked.books[1]}」` }).click();
  await expect(page.getByTestId("favorites-empty")).toContainText("還沒有收藏的書");
  await page.reload();
  await expect(page.getByTestId("favorites-empty")).toContainText("還沒有收藏的書");
});

test("the notice of a removal goes when the reader switches to another tab", async ({ page }) => {
  const liked = await memberWithLikes(page);
  await page.goto("/member/favorites?tab=authors");
  await waitForHydration(page);
  await page.getByRole("button", { name: `取消收藏「${liked.author}」` }).click();
  const notice = page.getByRole("status").filter({ hasText: "已取消收藏" });
  await expect(notice).toHaveText(`已取消收藏「${liked.author}」`);
  await tabs(page).getByRole("link", { name: "書籍" }).click();
  await expect(list(page, "書籍").getByRole("listitem")).toHaveCount(2);
  await expect(notice).toHaveCount(0);
  await tabs(page).getByRole("link", { name: "文章" }).click();
  await expect(list(page, "文章").getByRole("listitem")).toHaveCount(1);
  await expect(notice).toHaveCount(0);
});

test("by keyboard: reach a tab and a remove button, and keep the focus in the list after removing", async ({
  page,
}) => {
  const liked = await memberWithLikes(page);
  await page.goto("/member/favorites");
  await waitForHydration(page);
  const authorsTab = tabs(page).getByRole("link", { name: "作者" });
  await authorsTab.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?tab=authors$/);
  const remove = page.getByRole("button", { name: `取消收藏「${liked.author}」` });
  await expect(remove).toBeEnabled();
  await page.getByRole("link", { name: liked.author }).focus();
  await page.keyboard.press("Tab");
  await expect(remove).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("favorites-empty")).toContainText("還沒有收藏的作者");
  // On the notice of the removal, which is seen (not on a heading only a screen reader has).
  const notice = page.getByRole("status").filter({ hasText: `已取消收藏「${liked.author}」` });
  await expect(notice).toBeFocused();
  await expect(notice).toBeVisible();
  expect(await notice.evaluate((element) => element.getBoundingClientRect().width)).toBeGreaterThan(50);
});

test("a member with no likes sees each tab's empty state", async ({ page }) => {
  await signInNewMember(page);
  for (const [tab, text] of [
    ["books", "還沒有收藏的書"],
    ["authors", "還沒有收藏的作者"],
    ["articles", "還沒有收藏的文章"],
  ] as const) {
    await page.goto(`/member/favorites?tab=${tab}`);
    await expect(page.getByTestId("favorites-empty")).toContainText(text);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the tabs are links that put the tab in the URL", async ({ page }) => {
    const liked = await memberWithLikes(page);
    await page.goto("/member/favorites");
    await expect(list(page, "書籍").getByRole("listitem")).toHaveCount(2);
    await tabs(page).getByRole("link", { name: "作者" }).click();
    await expect(page).toHaveURL(/\?tab=authors$/);
    await expect(list(page, "作者")).toContainText(liked.author);
    await tabs(page).getByRole("link", { name: "文章" }).click();
    await expect(page).toHaveURL(/\?tab=articles$/);
    await expect(list(page, "文章")).toContainText(liked.article.title);
  });

  test("取消收藏 is a form post that removes the item", async ({ page }) => {
    const liked = await memberWithLikes(page);
    await page.goto("/member/favorites");
    const books = list(page, "書籍");
    await expect(books.getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: `取消收藏「${liked.books[0]}」` }).click();
    await expect(page).toHaveURL(/\/member\/favorites$/);
    await expect(page.getByRole("status").filter({ hasText: "已取消收藏。" })).toBeVisible();
    await expect(books.getByRole("listitem")).toHaveCount(1);
    await expect(books).not.toContainText(liked.books[0] ?? "");
    await expect(books).toContainText(liked.books[1] ?? "");
    const likes = (await (await page.request.get(`${api}/member/likes`)).json()).data;
    expect(likes.find((group: { type: number }) => group.type === 0)?.items).toEqual([5]);
    // Said once: a reload shows the list without the notice.
    await page.reload();
    await expect(books.getByRole("listitem")).toHaveCount(1);
    await expect(page.getByText("已取消收藏。")).toHaveCount(0);

    await page.goto("/member/favorites?tab=authors");
    await page.getByRole("button", { name: `取消收藏「${liked.author}」` }).click();
    await expect(page).toHaveURL(/\?tab=authors$/);
    await expect(page.getByText("還沒有收藏的作者。")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "已取消收藏。" })).toBeVisible();
  });
});

for (const viewport of [
  { name: "360 px", width: 360, height: 780 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`axe finds nothing on each tab at ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await memberWithLikes(page);
    for (const tab of ["books", "authors", "articles"]) {
      await page.goto(`/member/favorites?tab=${tab}`);
      await waitForHydration(page);
      await expect(page.getByRole("button", { name: /^取消收藏/ }).first()).toBeEnabled();
      await expectAccessible(page);
    }
  });
}
