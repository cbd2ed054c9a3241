import type { UploadFileType } from "../../contract/uploads.ts";
import { csvAuthoriRowHandler } from "./csvAuthoriRows.ts";
import { csvNegativeEventRowHandler, csvNegativeItemRowHandler } from "./csvNegativeRows.ts";
import { csvUpdateRowHandler } from "./csvUpdateRows.ts";
import { keywordRowHandler } from "./keywordRows.ts";
import type { UploadRowHandler } from "./rowHandler.ts";

/** The job kind of one file type's uploads (jobs.kind). */
export const uploadJobKind = (fileType: UploadFileType): string => `upload.${fileType}`;

/** Each file type's name in mails, in both languages. */
export const FILE_TYPE_NAMES: Readonly<Record<UploadFileType, { ja: string; en: string }>> = {
  CsvKeyword: { ja: "キーワード", en: "keywords" },
  CsvNegativeEvent: { ja: "ネガティブ（イベント）", en: "negative list by event" },
  CsvNegativeItem: { ja: "ネガティブ（項目）", en: "negative list by item" },
  CsvAuthori: { ja: "CSV審査登録", en: "CSV screening" },
  CsvUpdate: { ja: "CSV更新", en: "CSV update" },
};

/** The file types the pipeline takes today, by their row handlers; an upload of another is refused. */
export const ROW_HANDLERS: ReadonlyMap<UploadFileType, UploadRowHandler> = new Map([
  [keywordRowHandler.fileType, keywordRowHandler],
  [csvAuthoriRowHandler.fileType, csvAuthoriRowHandler],
  [csvUpdateRowHandler.fileType, csvUpdateRowHandler],
  [csvNegativeEventRowHandler.fileType, csvNegativeEventRowHandler],
  [csvNegativeItemRowHandler.fileType, csvNegativeItemRowHandler],
]);
