import { describe, expect, it } from "vitest";
import { isPhysicalCategory } from "../features/cart/cart";
import * as CATEGORY from "./categories";
import { CATEGORIES_OF_TYPE } from "./categories";
import { PRODUCT_FORMAT_LABEL } from "./labels";

const labelled = (code: CATEGORY.Category) => [code, PRODUCT_FORMAT_LABEL[code]];

describe("product categories of SPEC §3", () => {
  it("numbers categories as the product formats: 1 紙書, 2 電子書, 3 有聲書, 4 商品", () => {
    expect({
      paperBook: labelled(CATEGORY.paperBook),
      ebook: labelled(CATEGORY.ebook),
      audioBook: labelled(CATEGORY.audioBook),
      goods: labelled(CATEGORY.goods),
    }).toEqual({
      paperBook: [1, "紙書"],
      ebook: [2, "電子書"],
      audioBook: [3, "有聲書"],
      goods: [4, "商品"],
    });
  });
  it("makes 1 and 4 physical (category type 0) and 2 and 3 digital (type 1)", () => {
    expect([CATEGORY.physicalType, CATEGORY.digitalType]).toEqual([0, 1]);
    expect(CATEGORIES_OF_TYPE).toEqual({ 0: [1, 4], 1: [2, 3] });
    expect([1, 2, 3, 4].filter(isPhysicalCategory)).toEqual(CATEGORIES_OF_TYPE[CATEGORY.physicalType]);
  });
});
