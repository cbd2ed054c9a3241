import { z } from "zod";
import { defineCall } from "./call.ts";
import { dateText, INTEGER_MAX } from "./validation.ts";

/**
 * The audit log (beyond the spec): every operator action that changes data or reveals a secret, one
 * row each, newest first. Never a password, token or secret in a summary.
 */
export const AUDIT_ACTIONS = [
  "login",
  "loginFailed",
  "logout",
  "operatorAdd",
  "operatorEdit",
  "operatorDelete",
  "operatorUnlock",
  "roleAdd",
  "roleEdit",
  "roleDelete",
  "allowedIpUpdate",
  "manualResult",
  "memo",
  "assignee",
  "label",
  "negative",
  "white",
  "keyword",
  "csvUpload",
  "csvOutput",
  "download",
  "displayFormat",
  "apiSecretReveal",
  "apiSecretRotate",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 200;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  operatorId: z.number().int().nullable(),
  /** The operator's e-mail address at the time (the typed one for a failed sign-in). */
  actor: z.string(),
  sourceIp: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  target: z.string(),
  summary: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The last row of a page, to read the next one from: `${at ISO}_${id}`. */
const cursorField = z.string().regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_\d{1,19}$/, "validation.invalidType");

export const auditLogList = defineCall({
  name: "auditLogList",
  method: "POST",
  path: "/api/v3/screen/auditLogList",
  access: { kind: "read", screenId: "AuditLog" },
  request: z
    .object({
      /** Japan dates, YYYY-MM-DD, both included; empty for no bound. */
      from: dateText(true).default(""),
      to: dateText(true).default(""),
      operatorId: z.number().int().positive().max(INTEGER_MAX).nullable().default(null),
      action: z.enum(AUDIT_ACTIONS, "validation.invalidType").nullable().default(null),
      after: cursorField.nullable().default(null),
    })
    .strict(),
  response: z.object({ entries: z.array(auditEntrySchema), next: cursorField.nullable() }),
});
export type AuditLogFilterRequest = z.input<(typeof auditLogList)["request"]>;

/** The screen's filter, without the paging cursor: what the CSV output writes. */
export const auditLogFilterSchema = auditLogList.request.omit({ after: true });
export type AuditLogFilter = z.output<typeof auditLogFilterSchema>;

/** The audit CSV's encodings, as the event CSV output offers (eventExport.ts CSV_ENCODINGS). */
export const AUDIT_CSV_ENCODINGS = ["utf8", "cp932"] as const;
export type AuditCsvEncoding = (typeof AUDIT_CSV_ENCODINGS)[number];

/** Most rows one audit CSV file holds: more matching rows are refused (narrow the date range). */
export const AUDIT_CSV_MAX_ROWS = 50_000;

/**
 * The filtered rows as one CSV file, newest first, answered through the envelope (bounded by
 * AUDIT_CSV_MAX_ROWS): UTF-8 with a BOM (`content` is the text) or CP932 (`content` is the file's
 * bytes in base64), as the event CSV output offers; CRLF line ends, the header row in the operator's
 * language, Japan time, Excel-safe cells (src/server/services/csvSafe.ts). Reading is enough.
 */
export const auditLogCsv = defineCall({
  name: "auditLogCsv",
  method: "POST",
  path: "/api/v3/screen/auditLogList/csv",
  access: { kind: "read", screenId: "AuditLog" },
  request: z.object({ filter: auditLogFilterSchema, encoding: z.enum(AUDIT_CSV_ENCODINGS) }).strict(),
  response: z.object({
    fileName: z.string(),
    encoding: z.enum(AUDIT_CSV_ENCODINGS),
    /** The text (utf8, BOM first) or the bytes in base64 (cp932). */
    content: z.string(),
  }),
});
export type AuditLogCsvFile = z.infer<(typeof auditLogCsv)["response"]>;

/** The operators the operator filter offers: the tenant's operators now, by e-mail address. */
export const auditLogOperators = defineCall({
  name: "auditLogOperators",
  method: "POST",
  path: "/api/v3/screen/auditLogList/operators",
  access: { kind: "read", screenId: "AuditLog" },
  request: z.object({}).strict(),
  response: z.object({
    operators: z.array(z.object({ operatorId: z.number().int(), name: z.string(), email: z.string() })),
  }),
});
export type AuditLogOperator = z.infer<(typeof auditLogOperators)["response"]>["operators"][number];

/** The CSV's columns, in order. */
export const AUDIT_CSV_COLUMNS = ["at", "actor", "sourceIp", "action", "target", "summary"] as const;
export type AuditCsvColumn = (typeof AUDIT_CSV_COLUMNS)[number];

/** The CSV's header row and action names in each language; the SPA's auditLog.json reads the same (tested). */
export const AUDIT_CSV_TEXTS = {
  en: {
    columns: {
      at: "Time (JST)",
      actor: "Operator",
      sourceIp: "Source address",
      action: "Action",
      target: "Target",
      summary: "Summary",
    },
    actions: {
      login: "Sign-in",
      loginFailed: "Failed sign-in",
      logout: "Logout",
      operatorAdd: "Operator added",
      operatorEdit: "Operator changed",
      operatorDelete: "Operator deleted",
      operatorUnlock: "Operator unlocked",
      roleAdd: "Role added",
      roleEdit: "Role changed",
      roleDelete: "Role deleted",
      allowedIpUpdate: "Allowed IP addresses updated",
      manualResult: "Manual result",
      memo: "Memo",
      assignee: "Assignee",
      label: "Label",
      negative: "Negative list change",
      white: "White list change",
      keyword: "Keyword change",
      csvUpload: "CSV upload",
      csvOutput: "CSV output",
      download: "File download",
      displayFormat: "Display settings",
      apiSecretReveal: "API secret shown",
      apiSecretRotate: "API secret rotated",
    },
  },
  ja: {
    columns: {
      at: "日時（日本時間）",
      actor: "オペレーター",
      sourceIp: "接続元アドレス",
      action: "操作",
      target: "対象",
      summary: "概要",
    },
    actions: {
      login: "ログイン",
      loginFailed: "ログイン失敗",
      logout: "ログアウト",
      operatorAdd: "オペレーター登録",
      operatorEdit: "オペレーター変更",
      operatorDelete: "オペレーター削除",
      operatorUnlock: "オペレーターのロック解除",
      roleAdd: "ロール登録",
      roleEdit: "ロール変更",
      roleDelete: "ロール削除",
      allowedIpUpdate: "許可IPアドレス更新",
      manualResult: "目視審査結果",
      memo: "メモ",
      assignee: "担当者",
      label: "ラベル",
      negative: "ネガティブリスト変更",
      white: "ホワイトリスト変更",
      keyword: "キーワード変更",
      csvUpload: "CSVアップロード",
      csvOutput: "CSV出力",
      download: "ファイルダウンロード",
      displayFormat: "表示設定",
      apiSecretReveal: "APIシークレット表示",
      apiSecretRotate: "APIシークレット再発行",
    },
  },
} as const satisfies Record<
  "en" | "ja",
  { columns: Record<AuditCsvColumn, string>; actions: Record<AuditAction, string> }
>;
