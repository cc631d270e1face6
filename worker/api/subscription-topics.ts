// The newsletters a member can receive, in the order the profile page lists them.
import type { Schemas } from "./types";

type Topic = Schemas["SubscriptionTopic"];

export const SUBSCRIPTION_TOPICS: readonly { topic: Topic; name: string; description: string }[] = [
  { topic: "new_books", name: "新書快訊", description: "每週新上架與預購書籍。" },
  { topic: "ebooks", name: "電子書優惠", description: "電子書與有聲書的限時折扣。" },
  { topic: "activities", name: "活動通知", description: "讀書會、講座與禪修活動的報名消息。" },
  { topic: "articles", name: "文章精選", description: "每月精選書評、專訪與閱讀生活文章。" },
  { topic: "dharma_weekly", name: "法語週報", description: "每週一則法語，陪伴日常修行。" },
];

export const TOPIC_KEYS = SUBSCRIPTION_TOPICS.map((t) => t.topic) as [Topic, ...Topic[]];
