import { z } from "zod";
import { defineCall } from "./call.ts";
import { issue } from "./validation.ts";

/**
 * Keywords (spec 2, /keywordCategoryList, /keywordList/{category}, /keywordList/{category}/new).
 * Decided settings: a keyword holds at most 100 characters (as the CSV keyword upload), one
 * registration at most 1,000 keywords; a search answers at most 1,000 rows, newest first. % and _
 * are ordinary characters (the engine compares literally), but a keyword of them alone is refused.
 */
export const KEYWORD_MAX_CHARACTERS = 100;
export const KEYWORD_MAX_PER_REGISTRATION = 1_000;
export const KEYWORD_SEARCH_LIMIT = 1_000;
const WILDCARDS_ONLY = /^[%_]+$/;

/** The entered keywords: one per line, ends trimmed, blank lines skipped. */
export const keywordLines = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");

const categoryIdField = z.string().trim().min(1, "validation.required").max(64);

export const keywordCategoryList = defineCall({
  name: "keywordCategoryList",
  method: "POST",
  path: "/api/v3/screen/keywordCategoryList",
  access: { kind: "read", screenId: "KeywordCategoryList" },
  request: z.object({}).strict(),
  response: z.object({
    categories: z.array(
      z.object({ categoryId: z.string(), name: z.string(), target: z.string(), count: z.number().int() }),
    ),
  }),
});

export const keywordList = defineCall({
  name: "keywordList",
  method: "POST",
  path: "/api/v3/screen/keywordList",
  access: { kind: "read", screenId: "KeywordList" },
  request: z
    .object({
      categoryId: categoryIdField,
      /** Prefix of the keyword as stored, compared literally. */
      prefix: z.string().max(KEYWORD_MAX_CHARACTERS).default(""),
      updatedFrom: z.iso.datetime({ offset: true }).optional(),
      updatedTo: z.iso.datetime({ offset: true }).optional(),
    })
    .strict(),
  response: z.object({
    /** The category searched (its heading on the screen); null when the tenant has no such category. */
    category: z.object({ name: z.string(), target: z.string() }).nullable(),
    keywords: z.array(
      z.object({ keyword: z.string(), updatedAt: z.string(), updatedBy: z.string().nullable() }),
    ),
  }),
});

export const keywordAdd = defineCall({
  name: "keywordAdd",
  method: "PUT",
  path: "/api/v3/screen/keywordAdd",
  access: { kind: "write", screenId: "KeywordAdd" },
  request: z
    .object({ categoryId: categoryIdField, keywords: z.string().default("") })
    .strict()
    .superRefine((request, context) => {
      const keywords = keywordLines(request.keywords);
      const refuse = (key: Parameters<typeof issue>[0], params?: Parameters<typeof issue>[1]) =>
        context.addIssue({ code: "custom", path: ["keywords"], ...issue(key, params) });
      if (keywords.length === 0) return refuse("required");
      if (keywords.length > KEYWORD_MAX_PER_REGISTRATION)
        return refuse("keywordMaxCount", { 0: KEYWORD_MAX_PER_REGISTRATION });
      if (keywords.some((keyword) => [...keyword].length > KEYWORD_MAX_CHARACTERS))
        refuse("keywordMaxLength", { 0: KEYWORD_MAX_CHARACTERS });
      if (keywords.some((keyword) => WILDCARDS_ONLY.test(keyword))) refuse("keywordWildcardsOnly");
    }),
  response: z.object({ added: z.number().int() }),
});

export const keywordDelete = defineCall({
  name: "keywordDelete",
  method: "POST",
  path: "/api/v3/screen/keywordDelete",
  access: { kind: "write", screenId: "KeywordList" },
  request: z
    .object({
      categoryId: categoryIdField,
      keywords: z
        .array(z.string().max(KEYWORD_MAX_CHARACTERS))
        .min(1, "validation.required")
        .max(KEYWORD_SEARCH_LIMIT),
    })
    .strict(),
  response: z.object({ deleted: z.number().int() }),
});
