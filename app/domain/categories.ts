// SPEC §3's product categories as checkout uses them, and the two category types an order is of (SPEC §3's
// category_type), each code by name, with its label beside it. Used by the cart, the checkout, the product page and
// the built-in API's SQL alike. Categories are numbered as the product formats (labels.ts PRODUCT_FORMAT_LABEL).
//
// Read the codes through the module, the way API_CODE names the envelope's codes:
//   import * as CATEGORY from "~/domain/categories";   … CATEGORY.paperBook, CATEGORY.physicalType
// Each code is a plain exported number, so the bundler writes the number itself where a code is read and no object of
// names reaches the browser (this module is in every page's shell chunk).

/** 紙書 */
export const paperBook = 1;
/** 電子書 */
export const ebook = 2;
/** 有聲書 */
export const audioBook = 3;
/** 商品 */
export const goods = 4;

export type Category = typeof paperBook | typeof ebook | typeof audioBook | typeof goods;

/** Category type 0: an order of physical items (實體商品), shipped to an address. */
export const physicalType = 0;
/** Category type 1: an order of digital items (數位商品), read online. */
export const digitalType = 1;

export type CategoryType = typeof physicalType | typeof digitalType;

/**
 * The categories of each category type: physical takes paper books and goods, digital e-books and audio books (the
 * built-in API's SQL). Browser code reads the codes one by one instead (cart.ts isPhysicalCategory, checkoutLines): this module
 * is in every page's shell chunk, and an object read there would be carried by every page.
 */
export const CATEGORIES_OF_TYPE = {
  [physicalType]: [paperBook, goods],
  [digitalType]: [ebook, audioBook],
} as const satisfies Record<CategoryType, readonly Category[]>;
