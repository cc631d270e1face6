// Deterministic Traditional-Chinese catalogue: publishers, contributors, a two-level product-type tree and
// products in all four formats with valid ISBN-13s, prices in whole NT$, covers with intrinsic sizes.
import { taiwanIsbn } from "./isbn.mjs";
import { createRandom } from "./random.mjs";

const PUBLISHERS = [
  ["覺林出版", "以經典與生活為題，出版佛學、人文與生活書籍。"],
  ["法雨文化", "深入淺出的佛學入門與修行指引。"],
  ["青松書局", "散文、小說與臺灣在地書寫。"],
  ["蓮華出版社", "兒童繪本與親子共讀。"],
  ["晨鐘文化", "心理、勵志與生命教育。"],
  ["月印出版", "禪修、藝術與書法。"],
  ["遠山書房", "旅行文學與人文地理。"],
  ["香積生活", "蔬食料理與健康生活。"],
];

// [parent, [children]]
const TYPES = [
  ["佛學", ["經典導讀", "禪修與修行", "佛教歷史"]],
  ["文學", ["散文", "小說", "詩詞"]],
  ["生活", ["蔬食料理", "旅行", "身心健康"]],
  ["兒童", ["繪本", "故事書"]],
  ["藝術", ["書法", "攝影"]],
  ["文創商品", ["文具", "念珠與飾品", "茶器"]],
];

const SURNAMES = "陳林黃張李王吳劉蔡楊許鄭謝郭洪邱曾廖賴周徐蘇葉莊呂江何蕭羅高潘簡朱鍾游彭詹胡施沈余盧梁趙顏柯翁魏孫戴";
const GIVEN =
  "志明淑芬家豪雅婷冠宇怡君承恩佩珊俊傑宜蓁建宏美玲文彬慧珍信宏秀英國華淑惠柏翰心怡明德靜宜正雄詩涵育仁若瑜";
const DHARMA = "如妙慧覺法道心靜";
const FOREIGN = [
  "瑪莉安・賀德",
  "湯瑪斯・墨頓",
  "艾倫・華生",
  "佐藤悠真",
  "鈴木大地",
  "安娜・卡爾森",
  "大衛・米勒",
  "山本紗季",
];

const SUTRAS = ["心經", "金剛經", "六祖壇經", "維摩詰經", "法華經", "阿彌陀經", "藥師經", "八大人覺經"];
const SUTRA_PATTERNS = ["{s}講記", "白話{s}", "{s}的生活智慧", "{s}十二講", "{s}與現代人"];
const THEMES = ["禪", "慈悲", "心", "茶", "山", "雲", "月", "花", "行腳", "靜坐", "書法", "素食", "老街", "海", "光"];
const THEME_PATTERNS = [
  "{t}的生活美學",
  "{t}與人生",
  "一個人的{t}",
  "{t}中歲月",
  "給青年的{t}之書",
  "與{t}相遇",
  "{t}的四季",
  "{t}間日記",
];
const PLACES = ["臺北", "花蓮", "宜蘭", "臺南", "澎湖", "京都", "敦煌", "奈良", "鹿港", "淡水", "金門", "清邁"];
const PLACE_PATTERNS = ["{p}的{t}", "在{p}遇見{t}", "{p}{t}記"];
const STANDALONE = [
  "城市裡的修行人",
  "雲水日記",
  "臺灣古道紀行",
  "小沙彌的一天",
  "星空下的讀經班",
  "外婆的素食廚房",
  "一百個安頓身心的方法",
  "寺院裡的建築之美",
  "寫給孩子的佛典故事",
  "從容：面對無常的練習",
  "在路上遇見自己",
  "抄經的日子",
];
const GOODS = [
  "菩提子念珠",
  "手工線裝筆記本",
  "禪意書籤組",
  "茶席杯組",
  "經典抄經本",
  "檀香線香禮盒",
  "帆布書袋",
  "木刻筆筒",
];
const SUBTITLES = ["給忙碌現代人的安心之道", "從經典到日常的三十堂課", "全新修訂版", "附導讀與練習", "珍藏紀念版"];

const DESCRIPTION_OPENINGS = [
  "這是一本寫給每一位在生活中尋找安定的人的書。",
  "作者以平實的文字，帶領讀者走進經典的智慧。",
  "翻開書頁，彷彿走進一座安靜的山寺。",
  "從日常的一餐一飯談起，看見修行就在生活裡。",
];
const DESCRIPTION_BODIES = [
  "全書分為數個篇章，每章皆附有延伸閱讀與思考練習，適合個人閱讀，也適合讀書會共讀。",
  "書中收錄多篇首次發表的文章，並附上作者親手拍攝的照片，圖文並茂。",
  "透過一個個真實的故事，作者讓我們明白：慈悲不是口號，而是每天的選擇。",
  "無論是初次接觸佛法的讀者，或是多年修行的學佛人，都能在書中找到共鳴。",
];
const DESCRIPTION_CLOSINGS = [
  "願這本書陪伴您，在紛擾的世界裡找到一方清淨。",
  "誠摯推薦給所有熱愛閱讀、熱愛生活的朋友。",
  "一本值得反覆翻閱、與家人分享的好書。",
];
// Goods are described as goods, one text for each of the books' (the same draws pick them, so the catalogue is
// otherwise the same for a seed).
const GOODS_OPENINGS = [
  "為日常的閱讀與修習而設計，簡單耐用。",
  "以天然材質手工製作，每一件的紋理都略有不同。",
  "靈感來自山寺的晨鐘暮鼓，讓生活多一分安靜。",
  "從書房到茶席，陪伴您的每一個片刻。",
];
const GOODS_BODIES = [
  "尺寸輕巧，方便收納與攜帶，也適合作為送給親友的禮物。",
  "選用臺灣在地工坊的材料與工法，品質穩定，可長久使用。",
  "素雅的配色與線條，搭配書本、經本或茶器都很合宜。",
  "每件皆經人工檢查後包裝寄出；天然材質若有細微色差，屬正常現象。",
];
const GOODS_CLOSINGS = [
  "願它陪伴您，在忙碌之中留一段給自己的時光。",
  "誠摯推薦給喜愛閱讀與生活美學的朋友。",
  "自用送禮兩相宜。",
];
const CHAPTERS = ["緣起", "初心", "日常", "修行", "相遇", "放下", "歸途", "圓滿", "後記"];

const sqlValue = (v) =>
  v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
const insert = (table, row) =>
  `INSERT INTO ${table} (${Object.keys(row).join(", ")}) VALUES (${Object.values(row).map(sqlValue).join(", ")});`;

function personName(random) {
  const roll = random.next();
  if (roll < 0.12) return `釋${random.pick(DHARMA)}${random.pick(GIVEN)}`;
  const given = random.pick(GIVEN) + (random.chance(0.85) ? random.pick(GIVEN) : "");
  return `${random.pick(SURNAMES)}${given}`;
}

function isoDate(random, fromYear, toYear) {
  const year = random.int(fromYear, toYear);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function bookTitle(random, used) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const kind = random.next();
    const title =
      kind < 0.2
        ? random.pick(SUTRA_PATTERNS).replace("{s}", random.pick(SUTRAS))
        : kind < 0.5
          ? random.pick(THEME_PATTERNS).replace("{t}", random.pick(THEMES))
          : kind < 0.75
            ? random.pick(PLACE_PATTERNS).replace("{p}", random.pick(PLACES)).replace("{t}", random.pick(THEMES))
            : kind < 0.92
              ? `${random.pick(THEMES)}與${random.pick(THEMES)}`
              : random.pick(STANDALONE);
    if (!used.has(title)) {
      used.add(title);
      return title;
    }
  }
  // Large catalogues run out of distinct titles: number the volumes as series do.
  const base = random.pick([...STANDALONE, ...SUTRAS.map((x) => `${x}講記`)]);
  let n = 2;
  while (used.has(`${base}（${n}）`)) n++;
  used.add(`${base}（${n}）`);
  return `${base}（${n}）`;
}

/** How many contributors a catalogue of `productCount` products has (ids 1 to this number). */
export function authorCountFor(productCount) {
  return Math.max(12, Math.round(productCount / 3));
}

/** Returns SQL statements for a catalogue of `productCount` products. */
export function catalogueSql({ productCount = 60, seed = 20261123 } = {}) {
  const random = createRandom(seed);
  const sql = [];

  PUBLISHERS.forEach(([name, description], i) => {
    sql.push(insert("publishers", { id: i + 1, name, description }));
  });

  const typeIds = { book: [], goods: [], children: [] };
  let typeId = 1;
  TYPES.forEach(([parent, children], p) => {
    const parentId = typeId++;
    sql.push(insert("product_types", { id: parentId, parent_id: null, name: parent, position: p }));
    children.forEach((child, c) => {
      const id = typeId++;
      sql.push(insert("product_types", { id, parent_id: parentId, name: child, position: c }));
      (parent === "文創商品" ? typeIds.goods : typeIds.book).push(id);
    });
  });

  const authorCount = authorCountFor(productCount);
  const names = new Set();
  const authors = [];
  while (authors.length < authorCount) {
    let name = authors.length % 9 === 8 ? random.pick(FOREIGN) : personName(random);
    // Namesakes exist, but a catalogue reads better when they are told apart.
    if (names.has(name)) name = `${name}（${authors.length + 1}）`;
    names.add(name);
    const id = authors.length + 1;
    const foreign = FOREIGN.some((f) => name.startsWith(f));
    authors.push({ id, name, foreign });
    sql.push(
      insert("authors", {
        id,
        name,
        bio: foreign ? "海外作家，作品已譯成多國語言。" : "長年從事寫作與教學，關心人文與生命教育。",
      }),
    );
  }

  const localAuthors = authors.filter((a) => !a.foreign);
  const titles = new Set();
  for (let id = 1; id <= productCount; id++) {
    const roll = random.next();
    // Product 1 is always a paper book, so the demo and the tests have a known book to open.
    const format = id === 1 || roll < 0.62 ? 1 : roll < 0.82 ? 2 : roll < 0.9 ? 3 : 4;
    const isGoods = format === 4;
    const title = isGoods ? `${random.pick(GOODS)}・${random.pick(THEMES)}` : bookTitle(random, titles);
    const priceList = isGoods ? random.int(15, 120) * 10 : random.int(22, 68) * 10;
    const discount = random.pick([1, 0.9, 0.85, 0.79, 0.75]);
    const priceSale = format === 2 ? Math.round(priceList * 0.7) : Math.round(priceList * discount);
    const isPreOrder = !isGoods && random.chance(0.06) ? 1 : 0;
    const publishedOn = isPreOrder ? isoDate(random, 2026, 2027) : isoDate(random, 2016, 2026);
    const samples = isGoods ? 0 : random.int(0, 3);
    const physical = format === 1 || isGoods;
    // Product 1, the known book of the demo and the tests, is never sold out.
    const soldOut = id !== 1 && random.chance(0.1);
    const drawn = physical ? (soldOut ? 0 : random.int(1, 80)) : 9999;
    // Product 1 is bought by many tests of one run, and every order reserves its copies: it has plenty.
    const stock = id === 1 ? 5000 : drawn;
    sql.push(
      insert("products", {
        id,
        title,
        subtitle: !isGoods && random.chance(0.35) ? random.pick(SUBTITLES) : null,
        format,
        category_id: format,
        product_type_id: isGoods ? random.pick(typeIds.goods) : random.pick(typeIds.book),
        publisher_id: random.int(1, PUBLISHERS.length),
        isbn: isGoods ? null : taiwanIsbn(random.pick(["978626", "978957", "978986"]), 100000 + id * 7),
        published_on: publishedOn,
        price_list: priceList,
        price_sale: Math.min(priceSale, priceList),
        stock,
        is_pre_order: isPreOrder,
        // SPEC §5: 0 means none can be ordered now (sold out); pre-orders with none fall back to 10.
        quantity_max: !physical
          ? 1
          : isPreOrder
            ? random.pick([null, 0, 3, 5])
            : stock === 0
              ? 0
              : random.pick([null, 5, 10, 20]),
        readmoo_link: format === 2 && random.chance(0.6) ? `https://readmoo.com/book/${210000000000000 + id}` : null,
        cover_url: `/media/covers/${id}.png`,
        cover_width: 600,
        cover_height: isGoods ? 600 : 840,
        description: [
          random.pick(isGoods ? GOODS_OPENINGS : DESCRIPTION_OPENINGS),
          random.pick(isGoods ? GOODS_BODIES : DESCRIPTION_BODIES),
          random.pick(isGoods ? GOODS_CLOSINGS : DESCRIPTION_CLOSINGS),
        ].join("\n\n"),
        table_of_contents: isGoods
          ? ""
          : CHAPTERS.slice(0, random.int(4, CHAPTERS.length))
              .map((c, i) => `第${"一二三四五六七八九"[i]}章　${c}`)
              .join("\n"),
        is_new: publishedOn >= "2026-06-01" ? 1 : 0,
        is_pick: random.chance(0.15) ? 1 : 0,
        created_at: `${publishedOn}T08:00:00Z`,
      }),
    );
    if (!isGoods) {
      const author = random.pick(authors);
      sql.push(insert("product_contributors", { product_id: id, author_id: author.id, role: 1, position: 0 }));
      if (author.foreign) {
        const translator = random.pick(localAuthors);
        sql.push(insert("product_contributors", { product_id: id, author_id: translator.id, role: 2, position: 0 }));
      }
      if (random.chance(0.15)) {
        const illustrator = random.pick(localAuthors);
        if (illustrator.id !== author.id)
          sql.push(insert("product_contributors", { product_id: id, author_id: illustrator.id, role: 3, position: 0 }));
      }
      if (random.chance(0.1)) {
        const editor = random.pick(localAuthors);
        if (editor.id !== author.id)
          sql.push(insert("product_contributors", { product_id: id, author_id: editor.id, role: 4, position: 0 }));
      }
    }
    for (let page = 1; page <= samples; page++) {
      sql.push(
        insert("product_samples", {
          product_id: id,
          position: page,
          url: `/media/samples/${id}/${page}.png`,
          width: 600,
          height: 840,
        }),
      );
    }
  }
  return sql;
}

export const SEED_TABLES = [
  "product_samples",
  "product_contributors",
  "products",
  "product_types",
  "authors",
  "publishers",
];
