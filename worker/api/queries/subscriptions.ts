// Newsletter topics a member receives.
import { SUBSCRIPTION_TOPICS } from "../subscription-topics";
import type { ApiDatabase, Schemas } from "../types";

export async function listSubscriptions(db: ApiDatabase, memberId: number): Promise<Schemas["Subscription"][]> {
  const { results } = await db
    .prepare("SELECT topic FROM subscriptions WHERE member_id = ?1")
    .bind(memberId)
    .all<{ topic: string }>();
  const subscribed = new Set(results.map((r) => r.topic));
  return SUBSCRIPTION_TOPICS.map((t) => ({ ...t, subscribed: subscribed.has(t.topic) }));
}

/** Replaces the member's topics in one transaction (D1 batches are atomic). */
export async function replaceSubscriptions(db: ApiDatabase, memberId: number, topics: Schemas["SubscriptionTopic"][]) {
  const now = new Date().toISOString();
  await db.batch([
    db.prepare("DELETE FROM subscriptions WHERE member_id = ?1").bind(memberId),
    ...topics.map((topic) =>
      db
        .prepare("INSERT INTO subscriptions (member_id, topic, created_at) VALUES (?1, ?2, ?3)")
        .bind(memberId, topic, now),
    ),
  ]);
}
