import { z } from "zod";
import { defineCall } from "./call.ts";
import { emailField, INTEGER_MAX, issue, operatorNameField, optionalText } from "./validation.ts";

/**
 * Operators (spec section 2: /OperatorList, /OperatorAdd, /OperatorDetail, /OperatorEdit). A new
 * operator is mailed a single-use link to set their password (docs/architecture.md, "Administration").
 */

export const OPERATOR_PAGE_SIZES = [50, 100, 200] as const;
export const DEFAULT_OPERATOR_PAGE_SIZE = 200;
/** Most operators one delete names (a tenant's whole team, selected as all search results). */
export const MAX_OPERATOR_DELETE = 1_000;

const operatorIdField = z.number().int().positive().max(INTEGER_MAX);
const versionField = z.number().int().min(1).max(INTEGER_MAX);

export const operatorSchema = z.object({
  operatorId: z.number().int(),
  name: z.string(),
  email: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  /** Rule-trigger / screening-result notification mail. */
  notifyRule: z.boolean(),
  /** File-upload result mail. */
  notifyUpload: z.boolean(),
  /** Password lock: shown as Locked, else a dash. */
  locked: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type Operator = z.infer<typeof operatorSchema>;

/** The roles an operator can be given, for the filter and the forms. */
export const roleOptionSchema = z.object({ roleId: z.string(), name: z.string() });

export const operatorList = defineCall({
  name: "operatorList",
  method: "POST",
  path: "/api/v3/screen/operatorList",
  access: { kind: "read", screenId: "OperatorList" },
  request: z
    .object({
      name: optionalText(30).default(""),
      email: optionalText(254).default(""),
      roleId: optionalText(50).default(""),
      pageSize: z.literal(OPERATOR_PAGE_SIZES, "validation.invalidType").default(DEFAULT_OPERATOR_PAGE_SIZE),
      page: z.number().int().min(1).max(INTEGER_MAX).default(1),
    })
    .strict(),
  response: z.object({
    companyId: z.string(),
    count: z.number().int(),
    operators: z.array(operatorSchema),
    /** Every matching operator's ID, for "select all search results". */
    matchingIds: z.array(z.number().int()),
    roles: z.array(roleOptionSchema),
  }),
});

export const operatorDetail = defineCall({
  name: "operatorDetail",
  method: "POST",
  path: "/api/v3/screen/operatorDetail",
  access: { kind: "read", screenId: "OperatorDetail" },
  request: z.object({ operatorId: operatorIdField }).strict(),
  response: z.object({ operator: operatorSchema, roles: z.array(roleOptionSchema) }),
});

const operatorFields = {
  name: operatorNameField,
  email: emailField,
  roleId: z.string().trim().min(1, "validation.required").max(50),
  notifyRule: z.boolean(),
  notifyUpload: z.boolean(),
};

export const operatorAdd = defineCall({
  name: "operatorAdd",
  method: "POST",
  path: "/api/v3/screen/operatorAdd",
  access: { kind: "write", screenId: "OperatorAdd" },
  request: z.object(operatorFields).strict(),
  response: z.object({ operator: operatorSchema }),
});

export const operatorEdit = defineCall({
  name: "operatorEdit",
  method: "PUT",
  path: "/api/v3/screen/operatorEdit",
  access: { kind: "write", screenId: "OperatorEdit" },
  request: z.object({ operatorId: operatorIdField, version: versionField, ...operatorFields }).strict(),
  response: z.object({ operator: operatorSchema }),
});

export const operatorDelete = defineCall({
  name: "operatorDelete",
  method: "DELETE",
  path: "/api/v3/screen/operatorDelete",
  access: { kind: "write", screenId: "OperatorList" },
  request: z
    .object({
      operatorIds: z
        .array(operatorIdField)
        .min(1, "validation.required")
        .max(MAX_OPERATOR_DELETE, issue("maxValues", { max: MAX_OPERATOR_DELETE })),
    })
    .strict(),
  response: z.object({ deleted: z.number().int() }),
});

export const operatorUnlock = defineCall({
  name: "operatorUnlock",
  method: "PUT",
  path: "/api/v3/screen/operatorUnlock",
  access: { kind: "write", screenId: "OperatorDetail" },
  request: z.object({ operatorId: operatorIdField, version: versionField }).strict(),
  response: z.object({ operator: operatorSchema }),
});
