import { mayOn, type ScreenPermissions } from "../../session/screenAccess.ts";

/**
 * The list screens' buttons a role may use, each by the screen its call checks (src/contract/
 * negativeList.ts, whiteList.ts, keywords.ts, uploads.ts): a readable-only role sees the entries
 * without the ways to add or delete them.
 */
export const negativeActions = (permissions: ScreenPermissions) => ({
  history: mayOn(permissions, "NegativeHistory", "read"),
  add: mayOn(permissions, "NegativeAdd", "write"),
  csvRegister: mayOn(permissions, "CsvNegative", "write"),
  remove: mayOn(permissions, "NegativeList", "write"),
  details: mayOn(permissions, "NegativeDetail", "read"),
  detailRemove: mayOn(permissions, "NegativeDetail", "write"),
});

export const whiteActions = (permissions: ScreenPermissions) => ({
  add: mayOn(permissions, "WhiteAdd", "write"),
  remove: mayOn(permissions, "WhiteList", "write"),
});

/** A keyword category's list: add (by hand or CSV, both KeywordAdd) and delete (KeywordList). */
export const keywordActions = (permissions: ScreenPermissions) => ({
  add: mayOn(permissions, "KeywordAdd", "write"),
  remove: mayOn(permissions, "KeywordList", "write"),
});
