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
