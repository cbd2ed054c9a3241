import { format } from "date-fns";
import { inJapan } from "../../contract/japanTime.ts";
import type { OutgoingMail } from "./mailer.ts";

/** One rule group's new events of a window: awaiting manual screening, and screened NG. */
export interface DigestGroupCount {
  /** The rule group's name; "" for events no rule group decided. */
  group: string;
  awaiting: number;
  ng: number;
}

export interface NotificationDigest {
  to: string;
  operatorName: string;
  companyId: string;
  /** The window the counts are of: events created from `from` until before `until`. */
  window: { from: Date; until: Date };
  groups: readonly DigestGroupCount[];
  /** The event list searching for the window's events awaiting manual screening, and for its NG ones. */
  awaitingUrl: string;
  ngUrl: string;
}

const formatJst = (date: Date): string => `${format(inJapan(date), "yyyy/MM/dd HH:mm")} (JST)`;
const SEPARATOR = "\n\n----------------------------------------\n\n";

const total = (groups: readonly DigestGroupCount[], key: "awaiting" | "ng") =>
  groups.reduce((sum, group) => sum + group[key], 0);

/**
 * The digest of a tenant's new events awaiting manual screening and new NG results, Japanese first
 * and English below (the operator's language is not known when a mail is sent). Counts per rule group
 * and links to the event list only: never a purchaser's name, address, card or any other event data.
 */
export function notificationDigestMail(n: NotificationDigest): OutgoingMail {
  const lines = (lang: "ja" | "en") =>
    n.groups
      .map((group) => {
        const name = group.group || (lang === "ja" ? "（ルールグループなし）" : "(no rule group)");
        return lang === "ja"
          ? `・${name}: 目視審査待ち ${group.awaiting} 件 / NG ${group.ng} 件`
          : `- ${name}: ${group.awaiting} awaiting manual screening / ${group.ng} NG`;
      })
      .join("\n");
  const period = `${formatJst(n.window.from)} - ${formatJst(n.window.until)}`;
  const awaiting = total(n.groups, "awaiting");
  const ng = total(n.groups, "ng");
  return {
    to: n.to,
    subject: `【不正検知コンソール】審査状況のお知らせ（目視審査待ち ${awaiting} 件 / NG ${ng} 件） / Screening digest`,
    text: [
      `${n.operatorName} 様\n\n` +
        `企業ID ${n.companyId} で ${period} に新しく次のイベントがありました。\n\n` +
        `目視審査待ち: ${awaiting} 件\nNG: ${ng} 件\n\nルールグループ別:\n${lines("ja")}\n\n` +
        `目視審査待ちのイベント: ${n.awaitingUrl}\nNGのイベント: ${n.ngUrl}\n\n` +
        "このメールは、ルール検知・審査結果の通知を受け取る設定のオペレーターにお送りしています。",
      `Dear ${n.operatorName},\n\n` +
        `New events of company ID ${n.companyId} between ${period}:\n\n` +
        `Awaiting manual screening: ${awaiting}\nNG: ${ng}\n\nBy rule group:\n${lines("en")}\n\n` +
        `Events awaiting manual screening: ${n.awaitingUrl}\nNG events: ${n.ngUrl}\n\n` +
        "You receive this e-mail because your rule-trigger and screening-result notification is on.",
    ].join(SEPARATOR),
  };
}
