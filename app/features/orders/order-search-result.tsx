// /order-search's result: the order found, with the receiver's details partly hidden by the API. Its sections are h3
// under 查詢結果 (an h2 below the page's h1).
import { useEffect, useRef } from "react";
import type { components } from "~/lib/api/schema";
import { OrderAmounts, OrderFacts, OrderLines, OrderParties, Section } from "./order-detail";
import type { OrderDetailsView } from "./order-details";

export function FoundOrder({
  order,
  parties,
}: {
  order: components["schemas"]["OrderDetail"];
  parties: OrderDetailsView;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  // Each result the search brings (a new reply, even for the same order) takes the focus to its heading, so it is
  // read out and reading goes on from it, as route-focus.ts does for a new page. This module loads with the result, so
  // it runs once the result is there. Without JavaScript the reply is a new page, read from its top.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per reply (a new order object), after it rendered
  useEffect(() => {
    title.current?.focus();
  }, [order]);
  return (
    <section aria-labelledby="search-result-title" className="mt-10" data-testid="order-search-result">
      <h2 id="search-result-title" ref={title} tabIndex={-1} className="text-xl font-bold mt-0 mb-3">
        查詢結果
      </h2>
      <OrderFacts order={order} />
      <Section id="order-lines" title="訂購商品" level={3}>
        <OrderLines order={order} />
      </Section>
      <Section id="order-amounts" title="金額明細" level={3}>
        <OrderAmounts order={order} />
      </Section>
      <OrderParties parties={parties} level={3} />
      {/* Only the receiver's details are masked; a digital order has none to show. */}
      {parties.receiver && (
        <p className="mt-6 text-sm text-ink-muted">為保護個人資料，收件人、電話與地址已部分隱藏。</p>
      )}
    </section>
  );
}
