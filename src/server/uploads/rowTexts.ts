import type { Lang } from "../../contract/envelope.ts";
import { ERROR_MESSAGE_NO, type ErrorCode } from "../../contract/errors.ts";
import { type MessageNo, messageText } from "../../contract/messages.ts";
import type { ApiError } from "../apiError.ts";

/**
 * The row handlers' own reasons (the spec has no message for them), in both languages; a reason the
 * spec numbers (999, 1000, 688, 963...) comes from the message catalogue instead (refusalText).
 */
const TEXTS = {
  /** A row's reason that is not one column's (uploadRowPlace is the one that names a column). */
  rowOnly: { en: "Row {row}: {message}", ja: "{row}行目: {message}" },
  duplicateInFile: {
    en: "The same {column} appears on an earlier row of this file.",
    ja: "同じ{column}がこのファイルの前の行にあります。",
  },
  alreadyScreened: {
    en: "An event with this merchant management ID is already stored.",
    ja: "この加盟店管理IDのイベントは登録済みです。",
  },
  eventNotFound: {
    en: "No event of this company has this ID.",
    ja: "この会社に該当するイベントがありません。",
  },
  idsDisagree: {
    en: "The event ID and the merchant management ID name different events.",
    ja: "イベントIDと加盟店管理IDが別のイベントを指しています。",
  },
  eventIdOrShopEventId: {
    en: "Give an event ID or a merchant management ID.",
    ja: "イベントIDか加盟店管理IDを入力してください。",
  },
  noModel: {
    en: "The company has no detection model to screen with.",
    ja: "審査に使う検知モデルがありません。",
  },
  labelNotOnEvent: {
    en: "The event does not have the label to take off.",
    ja: "イベントに解除するラベルがありません。",
  },
  noNegativeItem: {
    en: "The row gives no value to register as negative.",
    ja: "ネガティブ登録する値がありません。",
  },
  noNegativeToCancel: {
    en: "No negative entry of this customer type holds exactly these values.",
    ja: "この顧客区分でこの値のとおりのネガティブ登録はありません。",
  },
  invalidFlag: { en: "must be 0 or 1", ja: "0か1を入力してください" },
} as const satisfies Record<string, Record<Lang, string>>;

export type RowTextKey = keyof typeof TEXTS;

export function rowText(lang: Lang, key: RowTextKey, params: Record<string, string | number> = {}): string {
  return TEXTS[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** A refusal thrown by a shared service (the event detail's checks), as a row's reason. */
export function refusalText(lang: Lang, error: ApiError): string {
  const fieldMessage = error.items.find((item) => item.message)?.message;
  if (fieldMessage) return fieldMessage;
  const messageNo = ERROR_MESSAGE_NO[error.code as ErrorCode];
  return messageNo ? messageText(lang, `no.${messageNo}` as `no.${MessageNo}`) : error.code;
}
