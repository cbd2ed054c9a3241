import { SCREENS } from "../../../../contract/screens.ts";

const fill = (pattern: string | null, categoryId: string): string =>
  (pattern ?? "").replace(":category", encodeURIComponent(categoryId));

/** /keywordList/{category} and /keywordList/{category}/new for a category ID. */
export const keywordListPath = (categoryId: string): string => fill(SCREENS.KeywordList.path, categoryId);
export const keywordAddPath = (categoryId: string): string => fill(SCREENS.KeywordAdd.path, categoryId);
export const KEYWORD_CATEGORIES_PATH = SCREENS.KeywordCategoryList.path as string;
