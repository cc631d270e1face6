/** What a cover is drawn from: the product's id (its colours), title, first contributor, format and picture size. */
export interface CoverFacts {
  id: number;
  title: string;
  author: string | null;
  format: number;
  width: number;
  height: number;
}
