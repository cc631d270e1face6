// /order-search's result: the order found, with the receiver's details partly hidden by the API.
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
  return (
    <section aria-labelledby="search-result-title" className="mt-10" data-testid="order-search-result">
      <h2 id="search-result-title" className="text-xl font-bold mt-0 mb-3">
        查詢結果
      </h2>
      <OrderFacts order={order} />
      <Section id="order-lines" title="訂購商品">
        <OrderLines order={order} />
      </Section>
      <Section id="order-amounts" title="金額明細">
        <OrderAmounts order={order} />
      </Section>
      <OrderParties parties={parties} />
      <p className="mt-6 text-sm text-ink-muted">為保護個人資料，收件人、電話與地址已部分隱藏。</p>
    </section>
  );
}
