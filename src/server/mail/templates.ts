import { format } from "date-fns";
import { inJapan } from "../../contract/japanTime.ts";
import type { OutgoingMail } from "./mailer.ts";

/**
 * The console's text mails, Japanese first and English below, since the operator's language is not
 * known when a mail is sent.
 */
const formatJst = (date: Date): string => `${format(inJapan(date), "yyyy/MM/dd HH:mm")} (JST)`;

const SEPARATOR = "\n\n----------------------------------------\n\n";

export interface LockoutNotice {
  to: string;
  operatorName: string;
  companyId: string;
  failures: number;
  lockedUntil: Date;
  loginUrl: string;
}

export const lockoutNoticeMail = (n: LockoutNotice): OutgoingMail => ({
  to: n.to,
  subject: "【不正検知コンソール】アカウントがロックされました / Your console account is locked",
  text: [
    `${n.operatorName} 様\n\n` +
      `企業ID ${n.companyId} のアカウントで、ログインに ${n.failures} 回続けて失敗したため、` +
      `${formatJst(n.lockedUntil)} までログインできません。\n` +
      "お心当たりがない場合は、管理者にご連絡のうえパスワードを変更してください。\n" +
      `ログイン画面: ${n.loginUrl}`,
    `Dear ${n.operatorName},\n\n` +
      `Login to your account of company ID ${n.companyId} failed ${n.failures} times in a row, ` +
      `so it is locked until ${formatJst(n.lockedUntil)}.\n` +
      "If this was not you, please tell your administrator and change your password.\n" +
      `Login page: ${n.loginUrl}`,
  ].join(SEPARATOR),
});

export interface PasswordResetLink {
  to: string;
  operatorName: string;
  url: string;
  expiresAt: Date;
}

export const passwordResetMail = (n: PasswordResetLink): OutgoingMail => ({
  to: n.to,
  subject: "【不正検知コンソール】パスワード変更のご案内 / Password change link",
  text: [
    `${n.operatorName} 様\n\n` +
      "パスワード変更のご依頼を受け付けました。次のURLから新しいパスワードを設定してください。\n" +
      `${n.url}\n\n` +
      `このURLは ${formatJst(n.expiresAt)} まで、1回だけ有効です。\n` +
      "お心当たりがない場合は、このメールを破棄してください。",
    `Dear ${n.operatorName},\n\n` +
      "We received a request to change your password. Set a new password at this URL:\n" +
      `${n.url}\n\n` +
      `The URL can be used once, until ${formatJst(n.expiresAt)}.\n` +
      "If you did not ask for this, please ignore this e-mail.",
  ].join(SEPARATOR),
});

export interface PasswordChangedNotice {
  to: string;
  operatorName: string;
  companyId: string;
  changedAt: Date;
}

/** Tells the operator their password was changed through a mailed link; never the password or the link. */
export const passwordChangedMail = (n: PasswordChangedNotice): OutgoingMail => ({
  to: n.to,
  subject: "【不正検知コンソール】パスワードが変更されました / Your console password was changed",
  text: [
    `${n.operatorName} 様\n\n` +
      `企業ID ${n.companyId} のアカウントのパスワードが ${formatJst(n.changedAt)} に変更されました。\n` +
      "お心当たりがない場合は、すぐに管理者にご連絡ください。",
    `Dear ${n.operatorName},\n\n` +
      `The password of your account of company ID ${n.companyId} was changed at ${formatJst(n.changedAt)}.\n` +
      "If this was not you, please contact your administrator at once.",
  ].join(SEPARATOR),
});

export interface CsvExportReady {
  to: string;
  operatorName: string;
  url: string;
  expiresAt: Date;
  rowCount: number;
}

/** The event CSV output's file is ready: the link works with the same operator's console session. */
export const csvExportReadyMail = (n: CsvExportReady): OutgoingMail => ({
  to: n.to,
  subject: "【不正検知コンソール】CSVファイルの出力が完了しました / Your CSV file is ready",
  text: [
    `${n.operatorName} 様\n\n` +
      `ご依頼のイベントCSV出力（${n.rowCount.toLocaleString("ja-JP")} 件）が完了しました。` +
      "コンソールにログインした状態で、次のURLからダウンロードしてください。\n" +
      `${n.url}\n\n` +
      `このURLは ${formatJst(n.expiresAt)} まで有効です。`,
    `Dear ${n.operatorName},\n\n` +
      `The event CSV output you requested (${n.rowCount.toLocaleString("en-US")} ${n.rowCount === 1 ? "event" : "events"}) is ready. ` +
      "Download it at this URL while signed in to the console:\n" +
      `${n.url}\n\n` +
      `The URL is valid until ${formatJst(n.expiresAt)}.`,
  ].join(SEPARATOR),
});

export interface OperatorWelcome {
  to: string;
  operatorName: string;
  companyId: string;
  /** The single-use link to set the first password (never the password itself). */
  url: string;
  expiresAt: Date;
  loginUrl: string;
}

/** A new operator's invitation: the company ID, their sign-in address and a link to set a password. */
export const operatorWelcomeMail = (n: OperatorWelcome): OutgoingMail => ({
  to: n.to,
  subject: "【不正検知コンソール】オペレーター登録のご案内 / You have been registered as an operator",
  text: [
    `${n.operatorName} 様\n\n` +
      `企業ID ${n.companyId} のオペレーターとして登録されました。次のURLからパスワードを設定してください。\n` +
      `${n.url}\n\n` +
      `このURLは ${formatJst(n.expiresAt)} まで、1回だけ有効です。\n` +
      `設定後、企業ID ${n.companyId} とこのメールアドレスでログインできます。\n` +
      `ログイン画面: ${n.loginUrl}`,
    `Dear ${n.operatorName},\n\n` +
      `You have been registered as an operator of company ID ${n.companyId}. Set your password at this URL:\n` +
      `${n.url}\n\n` +
      `The URL can be used once, until ${formatJst(n.expiresAt)}.\n` +
      `Then sign in with company ID ${n.companyId} and this e-mail address.\n` +
      `Login page: ${n.loginUrl}`,
  ].join(SEPARATOR),
});

export interface UploadResultNotice {
  to: string;
  operatorName: string;
  /** The file type's name in each language. */
  fileType: { ja: string; en: string };
  failed: boolean;
  totalRows: number;
  appliedRows: number;
  refusedRows: number;
  historyUrl: string;
}

/** A CSV upload's job ended: its type, counts and the history screen; never a row of the file. */
export const uploadResultMail = (n: UploadResultNotice): OutgoingMail => ({
  to: n.to,
  subject: n.failed
    ? "【不正検知コンソール】CSVアップロードの処理に失敗しました / Your CSV upload failed"
    : "【不正検知コンソール】CSVアップロードの処理が完了しました / Your CSV upload was processed",
  text: [
    `${n.operatorName} 様\n\n` +
      `${n.fileType.ja} のCSVアップロードの処理が${n.failed ? "失敗しました" : "完了しました"}。\n` +
      `全 ${n.totalRows.toLocaleString("ja-JP")} 件、登録 ${n.appliedRows.toLocaleString("ja-JP")} 件、` +
      `エラー ${n.refusedRows.toLocaleString("ja-JP")} 件\n` +
      `結果は履歴画面でご確認ください: ${n.historyUrl}`,
    `Dear ${n.operatorName},\n\n` +
      `Your CSV upload (${n.fileType.en}) ${n.failed ? "failed" : "was processed"}.\n` +
      `${n.totalRows.toLocaleString("en-US")} rows: ${n.appliedRows.toLocaleString("en-US")} applied, ` +
      `${n.refusedRows.toLocaleString("en-US")} refused.\n` +
      `See the result on the history screen: ${n.historyUrl}`,
  ].join(SEPARATOR),
});
