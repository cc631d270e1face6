// Deterministic Traditional-Chinese editorial content: home banners, news (types 1–3), activities and articles
// with the books they mention. Dates are anchored on `now` (the seed run's day), so there are always upcoming and
// past activities and recent news; every time is ISO 8601 in UTC, chosen at plausible Taiwan local hours.
import { createRandom } from "./random.mjs";

/** The editorial tables, in the order to empty them (children first). */
export const EDITORIAL_TABLES = ["article_products", "articles", "activities", "news", "banners"];

const SEED = 20261124;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Asia/Taipei is UTC+8 all year round. */
const TAIPEI = 8 * HOUR;
const COVER = { width: 1200, height: 630 };

// ---------------------------------------------------------------------------------------------------------------
// Word pools.

const SURNAMES = "陳林黃張李王吳劉蔡楊許鄭謝郭洪邱曾廖賴周徐蘇葉莊呂江何蕭羅高潘簡朱鍾游彭詹胡施沈";
const GIVEN = "志明淑芬家豪雅婷冠宇怡君承恩佩珊俊傑宜蓁建宏美玲文彬慧珍信宏秀英國華惠柏翰心怡德靜正雄詩涵育仁若瑜";
const DHARMA_FIRST = "如妙慧覺法道心靜常永";
const DHARMA_SECOND = "安明真音定空悟行寬淨圓光";

const SUTRAS = ["心經", "金剛經", "六祖壇經", "維摩詰經", "法華經", "阿彌陀經", "藥師經", "八大人覺經", "四十二章經"];
const THEMES = ["禪", "慈悲", "心", "茶", "山", "雲", "月", "花", "行腳", "靜坐", "書法", "素食", "老街", "海", "光"];
const PLACES = ["臺北", "花蓮", "宜蘭", "臺南", "澎湖", "京都", "敦煌", "奈良", "鹿港", "淡水", "金門", "清邁"];
const BOOK_PATTERNS = [
  (r) => `${r.pick(SUTRAS)}的生活智慧`,
  (r) => `白話${r.pick(SUTRAS)}`,
  (r) => `${r.pick(THEMES)}的生活美學`,
  (r) => `一個人的${r.pick(THEMES)}`,
  (r) => `與${r.pick(THEMES)}相遇`,
  (r) => `${r.pick(PLACES)}的${r.pick(THEMES)}`,
  (r) => `在${r.pick(PLACES)}遇見${r.pick(THEMES)}`,
  (r) =>
    r.pick([
      "城市裡的修行人",
      "雲水日記",
      "小沙彌的一天",
      "外婆的素食廚房",
      "抄經的日子",
      "從容：面對無常的練習",
      "在路上遇見自己",
      "寺院裡的建築之美",
    ]),
];
const PICTURE_BOOKS = [
  "小沙彌的一天",
  "月亮上的兔子",
  "分享的大樹",
  "小象學排隊",
  "會說謝謝的小熊",
  "九色鹿",
  "螞蟻搬家",
  "阿嬤的菜園",
  "一顆種子的旅行",
];
const VIRTUES = ["感恩", "分享", "耐心", "勇氣", "尊重生命", "誠實"];
const CALLIGRAPHY = [
  "寫好楷書的第一步",
  "抄經與書法",
  "從〈蘭亭序〉看行書之美",
  "弘一大師的書法境界",
  "毛筆、墨與紙的選擇",
  "春聯書寫示範",
  "隸書的古樸與從容",
];
const DISHES = [
  "當季時蔬便當",
  "香菇素肉燥",
  "冬至養生湯品",
  "手作豆腐料理",
  "年菜素食全席",
  "夏日涼拌小菜",
  "南瓜米糕與五穀飯",
  "蔬食月餅",
];
const LIFE_TOPICS = ["面對無常的勇氣", "陪伴家人走過病苦", "青少年的情緒與正念", "退休後的第二人生", "好好說再見"];
const CAMP_THEMES = ["學習與自己相處", "在呼吸中安住", "放下手機的週末", "走進山林的寧靜"];
const YOUTH_THEMES = ["找到自己的方向", "與世界溫柔相處", "讓心長出力量", "練習說真心話"];
const READ_THEMES = ["在文學裡看見慈悲", "經典與現代生活", "旅行文學選讀", "寫給自己的生命書"];

const VENUES = [
  { name: "覺林書房 臺北門市", address: "臺北市中正區重慶南路一段 1 號", kind: "store" },
  { name: "覺林書房 臺中門市", address: "臺中市西區公益路 68 號", kind: "store" },
  { name: "覺林書房 臺南門市", address: "臺南市中西區民生路二段 120 號", kind: "store" },
  { name: "覺林書房 高雄門市", address: "高雄市苓雅區四維三路 36 號", kind: "store" },
  { name: "臺北道場", address: "臺北市中山區民權東路二段 55 號", kind: "temple" },
  { name: "高雄道場", address: "高雄市新興區中正三路 45 號", kind: "temple" },
  { name: "宜蘭蘭陽別院", address: "宜蘭縣宜蘭市中山路三段 88 號", kind: "temple" },
  { name: "新竹法寶講堂", address: "新竹市東區光復路二段 101 號", kind: "temple" },
  { name: "臺中禪淨中心", address: "臺中市南屯區文心路一段 300 號", kind: "temple" },
  { name: "花蓮靜心講堂", address: "花蓮縣花蓮市中華路 98 號", kind: "temple" },
  { name: "臺東日光禪院", address: "臺東縣臺東市中華路一段 50 號", kind: "temple" },
  { name: "桃園講堂", address: "桃園市桃園區復興路 186 號", kind: "temple" },
];
const ONLINE_VENUES = ["線上視訊會議", "覺林書房線上教室", "線上直播"];
const WEEKDAYS = "日一二三四五六";
const NUMERALS = "〇一二三四五六七八九十";

// ---------------------------------------------------------------------------------------------------------------
// Small helpers.

const person = (r) => `${r.pick(SURNAMES)}${r.pick(GIVEN)}${r.pick(GIVEN)}`;
const monastic = (r) => `${r.pick(DHARMA_FIRST)}${r.pick(DHARMA_SECOND)}法師`;
const bookTitle = (r) => r.pick(BOOK_PATTERNS)(r);

/** `count` distinct items of `list`, in random order. */
function pickDistinct(r, list, count) {
  const copy = [...list];
  const n = Math.min(count, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(r.next() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}

/** Picks from [[value, weight], …]. */
function weighted(r, entries) {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let roll = r.next() * total;
  for (const [value, w] of entries) {
    roll -= w;
    if (roll < 0) return value;
  }
  return entries[entries.length - 1][0];
}

const iso = (ms) => new Date(ms).toISOString();
const local = (ms) => new Date(ms + TAIPEI);
const monthOf = (ms) => local(ms).getUTCMonth() + 1;
const seasonOf = (month) => (month >= 3 && month <= 5 ? "春季" : month <= 8 ? "夏季" : month <= 11 ? "秋季" : "冬季");
const pad = (n) => String(n).padStart(2, "0");
// Taiwanese typesetting puts a space between Chinese characters and Latin letters or digits ("11 月", "NT$300 元").
const CJK_LATIN = /([\u3400-\u9fff])([0-9A-Za-z$])/g;
const LATIN_CJK = /([0-9A-Za-z%])([\u3400-\u9fff])/g;
const spaced = (text) => text.replace(CJK_LATIN, "$1 $2").replace(LATIN_CJK, "$1 $2");
const paragraphs = (list) => JSON.stringify(list.map(spaced));
/** "2026 年 11 月 20 日（週五）" in Taipei time. */
function dateText(ms) {
  const d = local(ms);
  return `${d.getUTCFullYear()} 年 ${d.getUTCMonth() + 1} 月 ${d.getUTCDate()} 日（週${WEEKDAYS[d.getUTCDay()]}）`;
}
/** "11 月 20 日" in Taipei time. */
function shortDate(ms) {
  const d = local(ms);
  return `${d.getUTCMonth() + 1} 月 ${d.getUTCDate()} 日`;
}
/** "14:30" in Taipei time. */
function timeText(ms) {
  const d = local(ms);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
/** A moment `daysAgo` days before the anchor day, in office hours (09:00–17:45 Taipei). */
const officeTime = (r, day, daysAgo) => day - daysAgo * DAY + r.int(1, 9) * HOUR + r.pick([0, 15, 30, 45]) * 60_000;

// ---------------------------------------------------------------------------------------------------------------
// News (SPEC §3: 1 活動快訊, 2 系統公告, 3 客服公告).

/** Each template: [type, applies to this publication month?, (random, context) => { title, summary, body }]. */
const NEWS_TEMPLATES = [
  [
    1,
    () => true,
    (r, c) => {
      const book = bookTitle(r);
      const author = person(r);
      const store = r.pick(VENUES.filter((v) => v.kind === "store")).name;
      const date = dateText(c.at + r.int(7, 21) * DAY);
      return {
        title: `新書發表會：《${book}》作者座談`,
        summary: `《${book}》作者${author}將於${date}來到${store}，與讀者分享寫作歷程。`,
        body: [
          `《${book}》出版以來深受讀者喜愛，我們很高興邀請作者${author}於${date}下午兩點來到${store}，與大家面對面座談。`,
          `座談中，${author}將分享寫作這本書的起心動念，以及書中未曾收錄的幾段故事；會後並安排簽書時間。`,
          r.pick([
            "活動免費入場，座位有限，請提早到場。",
            "活動免費參加，請於活動頁面報名，額滿為止。",
            "現場購買新書可享會員 85 折優惠，歡迎攜伴參加。",
          ]),
        ],
      };
    },
  ],
  [
    1,
    () => true,
    (r, c) => {
      const venue = r.pick(VENUES.filter((v) => v.kind === "temple")).name;
      const camp = r.pick(["禪修體驗營", "青年生命成長營", "親子禪修營"]);
      const season = seasonOf(monthOf(c.at + 30 * DAY));
      return {
        title: `${venue}${season}${camp}開放報名`,
        summary: `${season}${camp}即日起開放報名，名額有限，欲報從速。`,
        body: [
          `${venue}${season}${camp}將於${shortDate(c.at + r.int(20, 50) * DAY)}起舉行，即日起開放線上報名。`,
          r.pick([
            "營隊內容包括坐禪、行禪、經典導讀與出坡作務，全程供應蔬食餐點。",
            "營隊以團體討論、戶外行禪與生命故事分享為主，適合第一次接觸禪修的朋友。",
          ]),
          "報名詳情請見活動專區，如有疑問歡迎來電洽詢客服。",
        ],
      };
    },
  ],
  [
    1,
    () => true,
    (r, c) => {
      const month = monthOf(c.at + 20 * DAY);
      const books = pickDistinct(r, [bookTitle(r), bookTitle(r), bookTitle(r), bookTitle(r)], 3);
      return {
        title: `${month} 月讀書會書單公布`,
        summary: `${month} 月各地讀書會共讀書單出爐，歡迎一起來讀書。`,
        body: [
          `${month} 月的讀書會共讀書單已經出爐，本月選讀${books.map((b) => `《${b}》`).join("、")}。`,
          "各門市讀書會每月聚會兩次，線上讀書會則於每週三晚間進行，歡迎依自己的時間報名參加。",
          "書單中的書籍於本月內購買，會員可享 79 折優惠。",
        ],
      };
    },
  ],
  [
    1,
    () => true,
    (r, c) => {
      const month = monthOf(c.at);
      const fair =
        month <= 2
          ? "新春"
          : month === 4
            ? "世界書香日"
            : month === 5
              ? "浴佛節"
              : month === 8
                ? "孝親月"
                : month === 9
                  ? "中秋"
                  : month === 12
                    ? "歲末感恩"
                    : seasonOf(month);
      const topic = r.pick(["佛學經典", "生活美學", "親子共讀", "蔬食生活", "旅行文學", "禪與藝術"]);
      const discount = r.pick(["79", "75", "85"]);
      return {
        title: `${fair}主題書展：${topic}${discount} 折起`,
        summary: `${fair}主題書展開跑，精選${topic}書籍${discount} 折起，活動期間限定。`,
        body: [
          `${fair}主題書展即日起至${shortDate(c.at + r.int(14, 30) * DAY)}止，精選數百種${topic}書籍，全面${discount} 折起。`,
          "活動期間單筆消費滿 NT$1,000 即贈限量書籤一組，數量有限，送完為止。",
          r.pick(["實體門市同步舉辦，歡迎蒞臨選購。", "電子書同步參加優惠，購買後即可在「我的書櫃」閱讀。"]),
        ],
      };
    },
  ],
  [
    1,
    () => true,
    (r, c) => {
      const month = monthOf(c.at);
      const gift = r.pick(["禪意書籤組", "帆布書袋", "手工線裝筆記本", "經典抄經本"]);
      return {
        title: `會員好康：${month} 月購書滿千送${gift}`,
        summary: `${month} 月會員單筆購書滿 NT$1,000，即贈${gift}一份。`,
        body: [
          `感謝會員長期的支持，${month} 月份凡會員登入後單筆購書滿 NT$1,000（不含運費），即贈${gift}一份。`,
          "贈品將隨訂單一同寄出，電子書訂單恕不適用；贈品數量有限，送完為止。",
        ],
      };
    },
  ],
  [
    2,
    () => true,
    (r, c) => {
      const at = c.at + r.int(2, 6) * DAY;
      const from = r.pick([0, 1, 2]);
      return {
        title: `${shortDate(at)}系統維護通知`,
        summary: `本站將於${shortDate(at)}凌晨進行系統維護，期間暫停服務。`,
        body: [
          `為提供更穩定的服務，本站將於${dateText(at)}凌晨 ${pad(from)}:00 至 ${pad(from + 3)}:00 進行系統維護。`,
          "維護期間將暫停購物、會員登入與電子書開通服務，已完成的訂單不受影響。",
          "造成不便，敬請見諒；維護完成後即恢復正常服務。",
        ],
      };
    },
  ],
  [
    2,
    () => true,
    () => ({
      title: "電子發票開立說明",
      summary: "本站全面開立電子發票，可選擇存入會員載具、手機條碼載具或捐贈。",
      body: [
        "依財政部規定，本站訂單皆開立電子發票，並於出貨後以電子郵件通知。",
        "結帳時可選擇存入會員載具、手機條碼載具、自然人憑證載具，或捐贈給公益團體；需要統一編號的公司戶，請選擇「公司發票」並填寫抬頭與統一編號。",
        "會員載具中的發票，本站將於每期開獎後代為對獎，中獎時以電子郵件通知。",
      ],
    }),
  ],
  [
    2,
    () => true,
    (r) => {
      const feature = r.pick([
        ["我的書櫃新增排序功能", "「我的書櫃」現在可以依購買日期、書名或最近閱讀排序，找書更方便。"],
        ["電子書試閱上線", "部分電子書開放試閱前幾章，在商品頁點選「試閱」即可開始閱讀。"],
        ["到貨通知服務", "缺貨商品可點選「到貨通知」，商品補貨後我們將以電子郵件通知您。"],
        ["收件人通訊錄", "會員中心新增收件人通訊錄，結帳時可直接選擇常用的收件地址。"],
      ]);
      return {
        title: `網站功能更新：${feature[0]}`,
        summary: feature[1],
        body: [feature[1], "我們持續改善網站的使用體驗，如有任何建議，歡迎透過客服信箱告訴我們。"],
      };
    },
  ],
  [
    2,
    () => true,
    (r, c) => ({
      title: "隱私權政策修訂公告",
      summary: `本站隱私權政策已於${shortDate(c.at)}修訂，請會員撥冗閱讀。`,
      body: [
        `為配合個人資料保護相關法規，本站隱私權政策已於${dateText(c.at)}修訂。`,
        r.pick([
          "本次修訂主要說明會員資料的保存期限，以及申請刪除帳號的方式。",
          "本次修訂主要補充第三方支付與物流業者處理訂單資料的範圍。",
        ]),
        "修訂後的完整內容請見「隱私權政策」頁面；繼續使用本站服務，即視為同意修訂後的條款。",
      ],
    }),
  ],
  [
    2,
    () => true,
    (r, c) => {
      const at = c.at + r.int(3, 10) * DAY;
      return {
        title: "信用卡付款服務暫停通知",
        summary: `因銀行系統維護，${shortDate(at)}凌晨將暫停信用卡付款服務。`,
        body: [
          `因合作銀行進行系統維護，${dateText(at)}凌晨 01:00 至 05:00 將暫停信用卡付款服務。`,
          "維護期間仍可選擇 ATM 轉帳或超商代碼繳費，造成不便，敬請見諒。",
        ],
      };
    },
  ],
  [
    3,
    (month) => [1, 2, 4, 6, 9, 10, 12].includes(month),
    (r, c) => {
      const month = monthOf(c.at);
      const holiday =
        month <= 2
          ? "春節"
          : month === 4
            ? "清明連假"
            : month === 6
              ? "端午連假"
              : month === 9
                ? "中秋連假"
                : month === 10
                  ? "國慶連假"
                  : "元旦連假";
      const stop = c.at + r.int(5, 12) * DAY;
      const resume = stop + r.int(3, month <= 2 ? 8 : 4) * DAY;
      return {
        title: `${holiday}期間出貨公告`,
        summary: `${holiday}期間暫停出貨，${shortDate(resume)}起依訂單順序陸續出貨。`,
        body: [
          `${holiday}期間，${shortDate(stop)}下午三點後成立的訂單，將於${shortDate(resume)}起依訂單順序陸續出貨。`,
          "假期間網站仍可正常下單，電子書購買後即可閱讀，不受影響。",
          "客服信箱於假期間暫停回覆，收假後將儘速處理，敬請見諒。",
        ],
      };
    },
  ],
  [
    3,
    () => true,
    (r, c) => {
      const hours = r.pick(["09:00–18:00", "09:30–17:30", "10:00–18:00"]);
      return {
        title: "客服專線服務時間調整",
        summary: `自${shortDate(c.at + 7 * DAY)}起，客服專線服務時間調整為週一至週五 ${hours}。`,
        body: [
          `為提供更完善的服務，自${dateText(c.at + 7 * DAY)}起，客服專線 (02) 2345-6789 服務時間調整為週一至週五 ${hours}，國定假日除外。`,
          "非服務時間歡迎來信 service@example.com，我們會在兩個工作天內回覆。",
        ],
      };
    },
  ],
  [
    3,
    (month) => month >= 7 && month <= 10,
    () => ({
      title: "颱風期間出貨延遲說明",
      summary: "受颱風影響，部分地區物流配送將延遲，敬請見諒。",
      body: [
        "受颱風影響，物流業者暫停部分地區的收送貨服務，訂單出貨與配送時間將順延。",
        "離島與東部地區的配送可能延遲較久，我們會在物流恢復後儘速出貨。",
        "請大家注意防颱安全。",
      ],
    }),
  ],
  [
    3,
    () => true,
    (r) => ({
      title: "海外訂單寄送說明",
      summary: "海外訂單以國際快捷寄送，運費 NT$300，約 7 至 14 個工作天送達。",
      body: [
        "本站提供海外寄送服務，海外訂單一律以國際快捷寄送，每筆訂單運費 NT$300。",
        r.pick([
          "港澳地區約 5 至 7 個工作天送達，其他地區約 7 至 14 個工作天。",
          "實際送達時間依各國海關作業而定，如遇查驗可能延遲。",
        ]),
        "電子書與有聲書不受地區限制，購買後即可閱讀。",
      ],
    }),
  ],
  [
    3,
    (month) => month === 12 || month === 1,
    (r, c) => {
      const at = c.at + r.int(7, 14) * DAY;
      return {
        title: "年度盤點暫停出貨通知",
        summary: `倉庫將於${shortDate(at)}進行年度盤點，當日暫停出貨。`,
        body: [
          `倉庫將於${dateText(at)}進行年度盤點，當日暫停出貨一天，盤點後依訂單順序出貨。`,
          "盤點期間網站仍可正常下單，造成不便，敬請見諒。",
        ],
      };
    },
  ],
  [
    3,
    () => true,
    () => ({
      title: "退換貨申請方式說明",
      summary: "商品到貨七日內可於會員中心申請退換貨。",
      body: [
        "商品到貨後七日內，如有瑕疵或寄送錯誤，請至會員中心「訂單查詢」申請退換貨。",
        "退貨商品請保持完整包裝並附上發票；電子書與有聲書因屬數位內容，一經開通恕不退換。",
        "退款將於收到退貨商品後七個工作天內辦理。",
      ],
    }),
  ],
  [
    3,
    () => true,
    (r, c) => ({
      title: "超商取貨服務異動通知",
      summary: `自${shortDate(c.at + 10 * DAY)}起，超商取貨付款的單筆金額上限調整為 NT$${r.pick(["5,000", "10,000"])}。`,
      body: [
        `依物流業者規定，自${dateText(c.at + 10 * DAY)}起，超商取貨的單筆訂單金額上限調整，超過上限的訂單請改選宅配。`,
        "包裹到店後請於七日內取貨，逾期未取的包裹將退回倉庫，訂單將自動取消。",
      ],
    }),
  ],
];
const NEWS_BY_TYPE = [1, 2, 3].map((type) => NEWS_TEMPLATES.filter(([t]) => t === type));

/** @param {number} count @param {number} day UTC midnight of the anchor day */
function newsRows(count, day) {
  const r = createRandom(SEED + 1);
  const items = [];
  for (let i = 0; i < count; i++) {
    // The first three are one of each type, published in the last few weeks; the rest lean towards recent days.
    const type =
      i < 3
        ? i + 1
        : weighted(r, [
            [1, 45],
            [2, 25],
            [3, 30],
          ]);
    const daysAgo = i < 3 ? r.int(1, 20) : 1 + Math.floor(729 * r.next() ** 1.7);
    const at = officeTime(r, day, daysAgo);
    const month = monthOf(at);
    const templates = NEWS_BY_TYPE[type - 1].filter(([, applies]) => applies(month));
    const { title, summary, body } = r.pick(templates)[2](r, { at });
    items.push({ at, type, title, summary, body });
  }
  items.sort((a, b) => a.at - b.at);
  // The latest 系統公告 and 客服公告 stay pinned at the top.
  const pinned = new Set([2, 3].map((type) => items.findLastIndex((n) => n.type === type)));
  return items.map((n, i) => ({
    id: i + 1,
    type: n.type,
    title: spaced(n.title),
    summary: spaced(n.summary),
    body: paragraphs(n.body),
    is_pinned: pinned.has(i) ? 1 : 0,
    published_at: iso(n.at),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Activities.

/**
 * kind: a name; camp: spans 2–3 days at a temple; online: how often it happens online (1: always);
 * places: where it can happen in person; slots: [Taipei hour, minute, shortest and longest length in half hours];
 * paid: how often it has a fee; text: (random, context) => { title, summary, intro: paragraphs }.
 */
const ACTIVITY_KINDS = [
  {
    kind: "讀經班",
    weight: 4,
    online: 0.35,
    places: "any",
    slots: [
      [9, 30, 4, 6],
      [14, 0, 4, 6],
      [19, 0, 3, 4],
    ],
    paid: 0.1,
    text: (r, c) => ({
      title: r.pick([
        `《${c.sutra}》讀經班（第 ${r.int(1, 30)} 期）`,
        `${c.season}讀經班：《${c.sutra}》導讀`,
        `週末讀經班：細讀《${c.sutra}》`,
      ]),
      summary: `由${c.monk}帶領，逐段研讀《${c.sutra}》，從經文讀到日常生活。${r.chance(0.5) ? "適合初次接觸佛典的朋友參加。" : ""}`,
      intro: [
        `經典是佛陀留給我們的生活指南。本期讀經班由${c.monk}主講，以白話方式逐段講解《${c.sutra}》，並分享如何將經中的智慧運用在工作與家庭之中。`,
        "課程前半段為經文導讀，後半段為分組討論與提問，無論是否有佛學基礎，都能輕鬆參與。",
      ],
    }),
  },
  {
    kind: "禪修體驗營",
    weight: 2,
    camp: true,
    online: 0,
    places: "temple",
    slots: [[9, 0, 0, 0]],
    paid: 0.6,
    text: (r, c) => ({
      title: r.pick([
        `${c.season}禪修體驗營`,
        `${c.venue.name}${NUMERALS[c.days]}日禪修體驗營`,
        `初學者禪修體驗營：${r.pick(CAMP_THEMES)}`,
      ]),
      summary: `在${c.venue.name}度過${NUMERALS[c.days]}天的寧靜時光，學習坐禪、行禪與出坡作務。全程提供蔬食餐點與住宿。`,
      intro: [
        `禪修不是逃離生活，而是學習更清楚地看見生活。營隊由${c.monk}與資深禪修老師帶領，內容包括坐禪、行禪、禪修開示與出坡作務，讓身心在山林間沉澱下來。`,
        "營隊期間請暫時收起手機，體驗止語的安靜；第一次參加禪修的朋友，也能從基本的坐姿與調息開始練習。",
      ],
    }),
  },
  {
    kind: "青年生命成長營",
    weight: 1,
    camp: true,
    online: 0,
    places: "temple",
    slots: [[9, 30, 0, 0]],
    paid: 0.5,
    text: (r, c) => {
      const theme = r.pick(YOUTH_THEMES);
      return {
        title: r.pick([`青年生命成長營：${theme}`, `${c.season}青年營：${theme}`]),
        summary: `專為 18 至 35 歲青年設計的${NUMERALS[c.days]}日營隊，透過講座、團體討論與戶外活動，探索生命的意義。`,
        intro: [
          `在忙碌的學業與工作之間，你有多久沒有好好問自己想要什麼了？本次營隊以「${theme}」為主題，邀請${c.monk}與多位講師，陪伴青年朋友一起思考。`,
          "營隊安排專題講座、小組討論、行禪與夜間分享，結識來自各地、志同道合的朋友。",
        ],
      };
    },
  },
  {
    kind: "書法講座",
    weight: 2,
    online: 0.2,
    places: "any",
    slots: [
      [10, 0, 4, 5],
      [14, 0, 4, 6],
    ],
    paid: 0.35,
    text: (r, c) => {
      const topic = r.pick(CALLIGRAPHY);
      return {
        title: `書法講座：${topic}`,
        summary: `邀請書法家${c.teacher}示範講解，帶您領略筆墨之間的安定與專注。`,
        intro: [
          `書法是一門「慢」的藝術，一筆一畫之間，需要收攝心念、調勻呼吸。本次講座由書法家${c.teacher}主講，從「${topic}」談起，分享多年習字的心得。`,
          c.online
            ? "講座以線上直播進行，講師將以特寫鏡頭示範運筆，建議先備妥筆墨紙硯，跟著一起練習。"
            : "現場備有筆墨紙硯，講座後半段有簡單的實作練習，學員不需自備用具。",
        ],
      };
    },
  },
  {
    kind: "新書分享會",
    weight: 3,
    online: 0.25,
    places: "store",
    slots: [
      [14, 0, 3, 4],
      [19, 0, 3, 4],
    ],
    paid: 0,
    text: (r, c) => ({
      title: r.pick([`《${c.book}》新書分享會`, `與作者有約：${c.teacher}談《${c.book}》`]),
      summary: `作者${c.teacher}親臨現場，分享《${c.book}》的寫作歷程與書中未收錄的故事。${r.chance(0.6) ? "會後備有簽書時間。" : ""}`,
      intro: [
        `《${c.book}》出版後廣受讀者喜愛。這次我們邀請作者${c.teacher}，談談寫作這本書的起心動念，以及在採訪、書寫過程中遇見的人與事。`,
        c.online
          ? "分享會以線上直播進行，活動中開放留言提問，作者將挑選部分問題現場回答。"
          : "活動最後開放讀者提問，並備有簽書時間，歡迎攜帶書籍到場；現場購書另享會員優惠。",
      ],
    }),
  },
  {
    kind: "兒童繪本共讀",
    weight: 2,
    online: 0,
    places: "store",
    slots: [
      [10, 0, 3, 3],
      [14, 30, 3, 4],
    ],
    paid: 0.15,
    text: (r, c) => {
      const book = r.pick(PICTURE_BOOKS);
      const virtue = r.pick(VIRTUES);
      return {
        title: r.pick([`兒童繪本共讀：《${book}》`, `親子故事時間：《${book}》`]),
        summary: `由說故事志工${c.teacher}帶領，和孩子一起讀繪本、做手作，在故事裡學習${virtue}。`,
        intro: [
          `每個好故事，都是一顆種下的種子。本次共讀選用繪本《${book}》，透過生動的朗讀、角色扮演與小手作，陪伴孩子認識${virtue}的意義。`,
          "活動適合 4 至 10 歲的孩子，請家長全程陪同參加。",
        ],
      };
    },
  },
  {
    kind: "蔬食料理教室",
    weight: 2,
    online: 0.1,
    places: "any",
    slots: [
      [10, 0, 5, 6],
      [14, 0, 5, 6],
    ],
    paid: 0.7,
    text: (r, c) => {
      const dish = r.pick(DISHES);
      return {
        title: `蔬食料理教室：${dish}`,
        summary: `${c.teacher}老師示範${dish}，教您用當季食材做出簡單又營養的蔬食。`,
        intro: [
          `蔬食可以很簡單，也可以很豐盛。本堂課由${c.teacher}老師示範${dish}的作法，從食材挑選、刀工到調味，一步一步帶著大家動手做。`,
          c.online
            ? "課程以線上直播進行，食材清單將於活動前三天寄出，請先備妥材料，跟著老師一起料理。"
            : "課程食材皆為不含五辛的全素料理，請學員自備圍裙與保鮮盒，課後可將成品帶回與家人分享。",
        ],
      };
    },
  },
  {
    kind: "線上讀書會",
    weight: 3,
    online: 1,
    places: "any",
    slots: [
      [19, 0, 3, 4],
      [19, 30, 3, 4],
    ],
    paid: 0,
    text: (r, c) => ({
      title: r.pick([`線上讀書會：共讀《${c.book}》`, `${monthOf(c.start)} 月線上讀書會：${r.pick(READ_THEMES)}`]),
      summary: `晚間在線上相聚，由${c.teacher}老師帶領討論，一起讀完《${c.book}》。`,
      intro: [
        `忙碌的生活裡，讀書會是一個讓自己停下來的約定。本期線上讀書會共讀《${c.book}》，由${c.teacher}老師導讀，並留有充分時間讓大家分享閱讀心得。`,
        "建議參加前先讀完指定章節；沒有讀完也沒關係，歡迎先來聽聽大家的分享。",
      ],
    }),
  },
  {
    kind: "抄經體驗",
    weight: 2,
    online: 0.15,
    places: "any",
    slots: [
      [9, 30, 4, 4],
      [14, 0, 4, 5],
    ],
    paid: 0.2,
    text: (r, c) => ({
      title: r.pick([`靜心抄經：《${c.sutra}》`, `抄經體驗：一筆一字寫《${c.sutra}》`]),
      summary: `在安靜的空間裡一筆一字抄寫《${c.sutra}》，讓心慢下來。`,
      intro: [
        `抄經是古老而簡單的修行方法。活動由${c.monk}說明抄經的意義與方法，接著在輕柔的梵唄聲中，安靜地抄寫《${c.sutra}》。`,
        "現場提供抄經本與筆具，完成的經本可以帶回家留念，也可以迴向給親友。",
      ],
    }),
  },
  {
    kind: "生命教育講座",
    weight: 2,
    online: 0.3,
    places: "any",
    slots: [
      [14, 0, 4, 4],
      [19, 0, 3, 4],
    ],
    paid: 0.1,
    text: (r, c) => {
      const topic = r.pick(LIFE_TOPICS);
      return {
        title: `生命教育講座：${topic}`,
        summary: `邀請${c.teacher}老師與${c.monk}對談「${topic}」，陪伴您走過生命的起伏。`,
        intro: [
          `人生總有順逆起伏。本場講座以「${topic}」為題，邀請長年投入生命教育的${c.teacher}老師，與${c.monk}對談，分享實際陪伴的經驗與佛法的觀點。`,
          "講座最後保留半小時問答時間，歡迎提出您的疑問。",
        ],
      };
    },
  },
];
const KIND_WEIGHTS = ACTIVITY_KINDS.map((k) => [k, k.weight]);
const CAMP_KINDS = ACTIVITY_KINDS.filter((k) => k.camp);
const STORES = VENUES.filter((v) => v.kind === "store");
const TEMPLES = VENUES.filter((v) => v.kind === "temple");
const ACTIVITY_NOTES = [
  "活動開始前十分鐘開放入場，請準時出席。",
  "如遇颱風等天災，將依政府公告決定是否延期，並另行通知報名者。",
  "為維護活動品質，活動進行中請將手機轉為靜音。",
  "報名後如無法出席，請提前告知，讓候補的朋友有機會參加。",
  "請穿著寬鬆舒適的衣物。",
];

function activityDetails(c) {
  const time =
    c.days > 1
      ? `活動時間：${dateText(c.start)}${timeText(c.start)} 至 ${dateText(c.end)}${timeText(c.end)}，共${NUMERALS[c.days]}天。`
      : `活動時間：${dateText(c.start)}${timeText(c.start)}–${timeText(c.end)}。`;
  const place = c.online
    ? `活動方式：${c.venueName}，${c.registration ? "報名成功後將於活動前一天以電子郵件寄送連結" : "連結將於活動前一天公布於本頁"}。`
    : `活動地點：${c.venue.name}（${c.venue.address}）。`;
  const fee = c.fee ? `費用：每人 NT$${c.fee}${c.days > 1 ? "（含食宿）" : "（含講義與材料）"}。` : "費用：免費參加。";
  const seats = c.capacity ? `名額 ${c.capacity} 名，額滿為止。` : "名額不限，歡迎自由參加。";
  const signUp = c.registration
    ? "報名方式：請點選報名連結填寫資料。"
    : c.online
      ? "報名方式：免報名，活動當天開放自由進入。"
      : "報名方式：請洽活動地點或來電客服報名。";
  return [time, place, `${fee}${seats}`, signUp];
}

/** @param {number} count @param {number} day UTC midnight of the anchor day */
function activityRows(count, day) {
  const r = createRandom(SEED + 2);
  const upcoming = Math.round(count / 2);
  const ongoing = Math.min(count - upcoming, Math.max(3, Math.round(count * 0.05)));
  const items = [];
  for (let i = 0; i < count; i++) {
    const phase = i < upcoming ? "upcoming" : i < upcoming + ongoing ? "ongoing" : "past";
    // Ongoing activities are camps that began a day or two before the anchor day and end on or after it.
    const kind = phase === "ongoing" ? r.pick(CAMP_KINDS) : weighted(r, KIND_WEIGHTS);
    const days = kind.camp ? r.int(2, 3) : 1;
    const offset = phase === "upcoming" ? r.int(1, 120) : phase === "ongoing" ? -r.int(1, days - 1) : -r.int(4, 700);
    const [hour, minute, shortest, longest] = r.pick(kind.slots);
    const start = day + offset * DAY + (hour * HOUR + minute * 60_000 - TAIPEI);
    const end = kind.camp
      ? start + (days - 1) * DAY + r.pick([7, 7.5, 8]) * HOUR
      : start + r.int(shortest, longest) * (HOUR / 2);
    const online = kind.online >= 1 || (kind.online > 0 && r.chance(kind.online));
    const venue = r.pick(kind.places === "store" ? STORES : kind.places === "temple" ? TEMPLES : VENUES);
    const c = {
      start,
      end,
      days,
      online,
      venue,
      venueName: r.pick(ONLINE_VENUES),
      season: seasonOf(monthOf(start)),
      sutra: r.pick(SUTRAS),
      book: bookTitle(r),
      monk: monastic(r),
      teacher: person(r),
      capacity: online
        ? r.chance(0.5)
          ? null
          : r.pick([50, 100, 150, 200])
        : kind.camp
          ? r.int(6, 24) * 5
          : r.chance(0.2)
            ? null
            : r.int(4, 40) * 5,
      fee: r.chance(kind.paid) ? r.int(4, 16) * 50 : 0,
      registration: r.chance(0.7),
    };
    const { title, summary, intro } = kind.text(r, c);
    const notes = pickDistinct(r, ACTIVITY_NOTES, r.int(0, 2));
    // Announced three to six weeks ahead, but never later than the anchor.
    let published = officeTime(r, start - (start % DAY), r.int(21, 42));
    if (published >= day) published = officeTime(r, day, r.int(1, 10));
    items.push({ c, title, summary, body: [...intro, ...activityDetails(c), ...notes], published });
  }
  items.sort((a, b) => a.published - b.published);
  return items.map(({ c, title, summary, body, published }, i) => ({
    id: i + 1,
    title: spaced(title),
    summary: spaced(summary),
    body: paragraphs(body),
    cover_url: `/media/activities/${i + 1}.png`,
    cover_width: COVER.width,
    cover_height: COVER.height,
    venue: c.online ? c.venueName : c.venue.name,
    address: c.online ? null : c.venue.address,
    is_online: c.online ? 1 : 0,
    starts_at: iso(c.start),
    ends_at: iso(c.end),
    capacity: c.capacity,
    fee: c.fee,
    registration_url: c.registration ? `https://example.org/register/${i + 1}` : null,
    published_at: iso(published),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Articles.

const CONCEPTS = [
  [
    "無常",
    "無常是說世間一切都在變化，沒有永遠不變的事物。",
    "明白了無常，遇到順境時懂得珍惜，遇到逆境時也知道它終會過去。",
  ],
  [
    "緣起",
    "緣起是說一切事物都由因緣和合而生，條件改變，結果也跟著改變。",
    "一碗飯從農夫耕種、運送到烹煮，背後有無數人的付出，這就是緣起。",
  ],
  [
    "四聖諦",
    "四聖諦是佛陀最初說法的內容，包括苦、集、滅、道四個真理。",
    "認識苦的原因，才能找到離苦的方法，就像看病要先找出病因。",
  ],
  [
    "八正道",
    "八正道是通往解脫的八種方法：正見、正思惟、正語、正業、正命、正精進、正念、正定。",
    "說一句體貼的話、做一份正當的工作，都是八正道在生活中的實踐。",
  ],
  [
    "布施",
    "布施是把自己擁有的分享給他人，可以是財物，也可以是知識與無畏的陪伴。",
    "一個微笑、一句讚美，都是不花錢的布施。",
  ],
  ["慈悲", "慈是給人快樂，悲是拔除他人的痛苦。", "從體諒身邊的家人開始，就是慈悲最好的練習。"],
  ["因果", "因果是說有什麼樣的原因，就會有什麼樣的結果。", "今天的每一個選擇，都是明天的種子。"],
  ["正念", "正念是清楚地覺察當下正在發生的事，不急著評判。", "吃飯時好好吃飯，走路時好好走路，就是正念。"],
  [
    "三法印",
    "三法印是諸行無常、諸法無我、涅槃寂靜，是檢驗佛法的三個標準。",
    "當我們執著於「我的」想法時，想想無我，心就寬了一些。",
  ],
  [
    "六度",
    "六度又稱六波羅蜜，是菩薩修行的六種方法：布施、持戒、忍辱、精進、禪定、般若。",
    "在職場上忍住一句氣話，也是忍辱的修行。",
  ],
];
const REVIEW_PHRASES = [
  "在無常裡安住",
  "把日子過成一首詩",
  "一本讓人慢下來的書",
  "寫給焦慮世代的安心之道",
  "讀經典，也讀自己",
  "從廚房開始的修行",
  "旅行是為了回家",
  "給孩子的第一本佛典故事",
  "當悲傷來敲門",
  "靜默的力量",
];
const GENRES = ["散文集", "經典導讀", "繪本", "蔬食料理書", "旅行文學", "禪修入門書", "小說", "詩集"];
const OCCASIONS = ["一個下著雨的午後", "通勤的捷運上", "失眠的深夜", "寺院的圖書館裡", "出差的旅館房間裡"];
const AUDIENCES = [
  "正在忙碌中尋找安定的朋友",
  "想開始接觸佛法的讀者",
  "喜歡散文的讀者",
  "每一位父母",
  "讀書會的夥伴們",
];
const ROLES = ["繪本作家", "譯者", "書法家", "蔬食料理作家", "紀錄片導演", "獨立書店店主", "插畫家", "資深編輯"];
const QUOTES = [
  "寫作是我的修行",
  "慢慢來，比較快",
  "每一本書都是一次相遇",
  "把經典說給孩子聽",
  "在廚房裡找到安定",
  "翻譯是替作者活一次",
  "留白，是給讀者的位置",
];
const INTERVIEW_PLACES = ["臺北門市二樓的閱讀區", "道場旁的茶館", "工作室的長桌前", "一間老街上的咖啡館"];
const EDITOR_TOPICS = [
  "一本書的誕生",
  "封面改了七次之後",
  "校對的日常",
  "替經典挑選字體",
  "與作者通信的那一年",
  "重編一本絕版書",
  "書腰上的那句話",
  "一本繪本的顏色",
];
const READING_TITLES = [
  (r) => `${r.pick(["清晨五點", "午休", "睡前", "週日午後"])}的讀書時光`,
  (r) => `在${r.pick(["山寺", "海邊", "火車上", "老街茶館", "醫院候診室"])}讀一本書`,
  (r) => `我的${NUMERALS[r.int(3, 10)]}本枕邊書`,
  (r) => `陪孩子讀書的${NUMERALS[r.int(3, 7)]}個小方法`,
  () => "給忙碌上班族的閱讀提案",
  (r) => `一個人的${r.pick(["春季", "夏季", "秋季", "冬季"])}閱讀`,
  () => "把書帶去旅行",
  () => "整理書櫃，也整理心",
];

const ARTICLE_TEXTS = {
  書評: (r) => {
    const phrase = r.pick(REVIEW_PHRASES);
    const genre = r.pick(GENRES);
    return {
      title: r.pick([`書評｜${phrase}`, `${phrase}：一本${genre}的閱讀筆記`]),
      summary: `這是一本${r.pick(["溫柔", "安靜", "真誠", "耐讀"])}的${genre}，作者以平實的筆調寫下生活裡的修行。${r.chance(0.5) ? "讀完之後，心裡多了一點從容。" : ""}`,
      opening: `第一次翻開這本${genre}，是在${r.pick(OCCASIONS)}。原本只想隨手翻幾頁，沒想到一讀就停不下來。`,
      middle: [
        "作者的文字沒有艱深的術語，卻常常在一句平淡的話裡，讓人停下來想很久。",
        "書中最打動我的，是作者描寫陪伴年邁母親的那幾篇：沒有說教，只有細細的觀察與不捨。",
        "全書依四季分為四輯，每一篇都不長，很適合在睡前讀上一兩篇。",
        "如果要挑剔，部分篇章的主題略有重複；但瑕不掩瑜，整體讀來仍十分動人。",
        "書末附有延伸閱讀書單與思考練習，很適合讀書會拿來共讀討論。",
        "我特別喜歡作者對「慢」的詮釋：慢不是懶散，而是願意把心放在眼前的這一件事上。",
      ],
      closing: `闔上書頁，窗外的聲音好像也安靜了些。推薦給${r.pick(AUDIENCES)}。`,
    };
  },
  專訪: (r) => {
    const role = r.pick(ROLES);
    const name = person(r);
    const quote = r.pick(QUOTES);
    return {
      title: `專訪${role}${name}：${quote}`,
      summary: `${role}${name}談創作的起點，以及在忙碌生活中如何保持一顆安定的心。`,
      opening: `與${name}約在${r.pick(INTERVIEW_PLACES)}見面。桌上擺著幾本翻到起毛邊的書，${name}笑著說，那是這幾年離不開的老朋友。`,
      middle: [
        `談到創作的起點，${name}說：「一開始只是想把心裡的話寫下來，沒想到寫著寫著，就寫成了一條路。」`,
        `「${quote}。」${name}說，這句話是多年前一位法師送給自己的，一直放在心上。`,
        `被問到最困難的時候，${name}沉默了一會兒：「有一段時間完全寫不出來，後來我每天去散步、抄經，慢慢地，字又回來了。」`,
        `${name}習慣在清晨工作，天亮前的兩個小時最安靜，「那是一天之中，心最清楚的時候」。`,
        `對於想要開始創作的年輕人，${name}的建議很簡單：「多讀、多走，然後誠實地寫。」`,
        `訪談最後，${name}透露正在準備下一本書，主題與家鄉的老寺院有關。`,
      ],
      closing: `離開時已是黃昏。${name}送我們到門口，叮嚀一句：「日子再忙，也要留一點時間給自己。」`,
    };
  },
  閱讀生活: (r) => ({
    title: r.pick(READING_TITLES)(r),
    summary: `${r.pick(["閱讀不必是一件嚴肅的事。", "生活再忙，也能為自己留一段讀書的時間。", "一本書，可以陪我們走過許多日子。"])}分享幾個把閱讀放進日常的小方法。`,
    opening: r.pick([
      "這幾年，我養成了每天讀幾頁書的習慣。不求讀得多，只求每天和書見一面。",
      "手機占去了我們大部分的零碎時間，但其實只要一點點改變，閱讀就能回到生活裡。",
      "小時候，家裡最多的不是玩具，而是阿公留下來的一整櫃舊書。",
    ]),
    middle: [
      "我會在包包裡放一本薄薄的小書，等公車、排隊的時候拿出來讀幾頁，一個月下來也能讀完好幾本。",
      "睡前把手機放到房間外，換成一本紙本書，不但睡得比較好，也讀得比較專心。",
      "和孩子一起讀書時，我不急著問「你學到了什麼」，而是問「你最喜歡哪一頁」。",
      "讀經典時，不妨放慢速度，一天只讀一段，把它抄下來，放在心裡反覆咀嚼。",
      "參加讀書會是另一種閱讀的方式：同一本書，在不同人的眼中，常常有完全不同的風景。",
      "整理書櫃時，我會把讀過的好書送給適合的朋友，讓書繼續旅行。",
    ],
    closing: r.pick([
      "閱讀的意義，或許不在讀了多少，而在於它讓我們更認識自己。",
      "願每個人都能找到屬於自己的閱讀時光。",
      "今天，就從翻開一本書開始吧。",
    ]),
  }),
  佛學入門: (r) => {
    const [concept, meaning, example] = r.pick(CONCEPTS);
    return {
      title: r.pick([`佛學入門｜什麼是「${concept}」？`, `佛學入門｜${concept}與日常生活`, `三分鐘認識「${concept}」`]),
      summary: `${meaning}${r.chance(0.5) ? "本文以生活中的例子，帶您輕鬆入門。" : ""}`,
      opening: `很多人第一次接觸佛法，都會聽到「${concept}」這個詞。${meaning}`,
      middle: [
        example,
        `「${concept}」並不是遙遠的哲學概念，而是可以在每天的生活裡體會、練習的態度。`,
        `想要進一步認識，可以從《${r.pick(SUTRAS)}》讀起，搭配白話的導讀本，會更容易進入經典的世界。`,
        "學佛的第一步不是背誦名詞，而是把聽到的道理拿來觀察自己的起心動念。",
        "也可以參加各地道場的讀經班，和同修一起討論，常常會有意想不到的收穫。",
      ],
      closing: `學佛不必一開始就讀懂所有經典。從理解「${concept}」開始，把它放進每天的生活裡，就是很好的起步。`,
    };
  },
  編輯手記: (r) => {
    const topic = r.pick(EDITOR_TOPICS);
    return {
      title: `編輯手記：${topic}`,
      summary: `一本書從原稿到上架，中間有許多讀者看不到的功夫。編輯部寫下「${topic}」的幕後故事。`,
      opening: `每一本書上架之前，都經過許多雙手。這次想和大家聊聊「${topic}」。`,
      middle: [
        "原稿交到編輯部時，往往只是一疊列印紙與密密麻麻的手寫修改。我們先通讀一遍，再和作者一起討論全書的結構。",
        "封面設計最讓人頭痛：既要讓人一眼記住，又不能喧賓奪主。這本書的封面，前後一共改了七次。",
        "校對是一件需要耐心的工作。一個標點、一個異體字，都可能讓經文的意思完全不同。",
        "為了挑選合適的內文字體，我們把同一頁排成五種版本，印出來請同事在不同的光線下閱讀。",
        "印刷廠打樣那天，大家圍著剛印好的樣張，一頁一頁地檢查顏色，直到天黑才離開。",
        "書腰上短短的一句話，往往是編輯部討論最久的地方。",
      ],
      closing: "當讀者在書店裡拿起這本書時，希望您也能感受到這份用心。謝謝每一位陪伴我們的讀者。",
    };
  },
};
const CATEGORIES = Object.keys(ARTICLE_TEXTS);

/** @param {number} count @param {number} day UTC midnight of the anchor day */
function articleRows(count, day, productCount, authorCount) {
  const r = createRandom(SEED + 3);
  const items = [];
  for (let i = 0; i < count; i++) {
    const category = r.pick(CATEGORIES);
    const { title, summary, opening, middle, closing } = ARTICLE_TEXTS[category](r);
    const body = [opening, ...pickDistinct(r, middle, r.int(1, 4)), closing];
    // 編輯手記 are signed by 編輯部 (no author): about a fifth of all articles.
    const authorId = category === "編輯手記" || authorCount < 1 ? null : r.int(1, authorCount);
    const at = officeTime(r, day, 1 + Math.floor(729 * r.next() ** 1.2));
    const mentions = new Set();
    const wanted = Math.min(r.int(1, 4), productCount);
    while (mentions.size < wanted) mentions.add(r.int(1, productCount));
    items.push({ at, title, summary, body, category, authorId, mentions: [...mentions] });
  }
  items.sort((a, b) => a.at - b.at);
  const articles = [];
  const articleProducts = [];
  items.forEach((a, i) => {
    const id = i + 1;
    articles.push({
      id,
      title: spaced(a.title),
      summary: spaced(a.summary),
      body: paragraphs(a.body),
      category: a.category,
      author_id: a.authorId,
      cover_url: `/media/articles/${id}.png`,
      cover_width: COVER.width,
      cover_height: COVER.height,
      published_at: iso(a.at),
    });
    a.mentions.forEach((productId, position) => {
      articleProducts.push({ article_id: id, product_id: productId, position });
    });
  });
  return { articles, articleProducts };
}

// ---------------------------------------------------------------------------------------------------------------
// Banners.

function bannerRows(day, { news, activities, articles }) {
  const r = createRandom(SEED + 4);
  /** Midnight in Taipei, `daysAgo` days before the anchor day. */
  const since = (daysAgo) => iso(day - daysAgo * DAY - TAIPEI);
  const next = activities
    .filter((a) => Date.parse(a.starts_at) > day)
    .sort((a, b) => (a.starts_at < b.starts_at ? -1 : 1))[0];
  const article = articles[articles.length - 1];
  // A 活動快訊 old enough for its banner to have run and ended.
  const fair = news.findLast((n) => n.type === 1 && Date.parse(n.published_at) < day - 14 * DAY) ?? news[0];
  const fairStart = Math.min(Date.parse(fair.published_at), day - 30 * DAY - TAIPEI);
  const rows = [
    ["新書上架", "本月新書與經典再版，一次看盡", "/product/new-books", since(r.int(5, 30)), null],
    ["電子書專區", "隨時隨地，打開一本好書", "/product/ebooks", since(r.int(30, 90)), null],
    // Half the activities are upcoming, so there always is a next one; its banner runs until it starts.
    [
      next.title,
      `${dateText(Date.parse(next.starts_at))}，${next.venue}`,
      `/activity/${next.id}`,
      since(r.int(3, 14)),
      next.starts_at,
    ],
    [article.title, article.summary, `/article/${article.id}`, since(r.int(1, 7)), null],
    ["編輯選書", "覺林書房編輯部用心推薦的好書", "/product/picks", since(r.int(10, 60)), null],
    [fair.title, fair.summary, `/news/${fair.id}`, iso(fairStart), iso(day - r.int(3, 10) * DAY - TAIPEI)],
  ];
  return rows.map(([title, subtitle, link, startsAt, endsAt], i) => ({
    id: i + 1,
    title,
    subtitle,
    link,
    image_url: `/media/banners/${i + 1}.svg`,
    image_width: 1440,
    image_height: 480,
    position: i + 1,
    starts_at: startsAt,
    ends_at: endsAt,
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Rows and SQL.

/** How many rows of each kind a store of `productCount` products gets. */
export function editorialCounts(productCount) {
  return {
    news: Math.max(60, Math.round(productCount / 10)),
    activities: Math.max(40, Math.round(productCount / 15)),
    articles: Math.max(80, Math.round(productCount / 10)),
  };
}

/**
 * The editorial rows, keyed by table, each row's keys being the table's columns.
 * @param {{ productCount: number, authorCount: number, now: Date }} options
 */
export function editorialRows({ productCount, authorCount, now }) {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new TypeError("now must be a valid Date");
  if (!Number.isInteger(productCount) || productCount < 1) throw new RangeError("productCount must be at least 1");
  if (!Number.isInteger(authorCount) || authorCount < 0) throw new RangeError("authorCount must be 0 or more");
  const day = Math.floor(now.getTime() / DAY) * DAY;
  const counts = editorialCounts(productCount);
  const news = newsRows(counts.news, day);
  const activities = activityRows(counts.activities, day);
  const { articles, articleProducts } = articleRows(counts.articles, day, productCount, authorCount);
  const banners = bannerRows(day, { news, activities, articles });
  return { banners, news, activities, articles, article_products: articleProducts };
}

const sqlValue = (v) =>
  v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`;

const MAX_ROWS = 200;
// D1 refuses statements over 100 KB: stay well under it.
const MAX_BYTES = 90_000;

/** Multi-row INSERT statements for `rows` (all with the same keys), at most 200 rows and 90 KB each. */
export function insertSql(table, rows) {
  if (rows.length === 0) return [];
  const head = `INSERT INTO ${table} (${Object.keys(rows[0]).join(", ")}) VALUES `;
  const statements = [];
  let tuples = [];
  let bytes = Buffer.byteLength(head);
  for (const row of rows) {
    const tuple = `(${Object.values(row).map(sqlValue).join(", ")})`;
    const size = Buffer.byteLength(tuple) + 2;
    if (tuples.length > 0 && (tuples.length === MAX_ROWS || bytes + size > MAX_BYTES)) {
      statements.push(`${head}${tuples.join(", ")};`);
      tuples = [];
      bytes = Buffer.byteLength(head);
    }
    tuples.push(tuple);
    bytes += size;
  }
  statements.push(`${head}${tuples.join(", ")};`);
  return statements;
}

/**
 * INSERT statements for the editorial tables of a store of `productCount` products and `authorCount` authors.
 * @param {{ productCount: number, authorCount: number, now: Date }} options
 */
export function editorialSql(options) {
  const rows = editorialRows(options);
  return [...EDITORIAL_TABLES].reverse().flatMap((table) => insertSql(table, rows[table]));
}
