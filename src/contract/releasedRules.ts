import { z } from "zod";
import { defineCall } from "./call.ts";
import type { Lang } from "./envelope.ts";
import { UNIT_OPERATORS } from "./rules.ts";
import { AUTO_RESULTS } from "./screening.ts";

/**
 * Released rule list (spec section 2, issue 3): the rules of a detection model's release in force now
 * (the latest started Normal release), one row per rule, and the same rows as a CSV file. Readable
 * permission on ReleasedRuleList is enough for all three calls; the tenant is always the session's.
 */

const modelIdSchema = z.string().trim().min(1).max(50);

export const detectionModelSchema = z.object({ modelId: z.string(), modelName: z.string() });
export type DetectionModel = z.infer<typeof detectionModelSchema>;

export const detectionModelList = defineCall({
  name: "detectionModelList",
  method: "POST",
  path: "/api/v3/screen/releasedRuleList/models",
  access: { kind: "read", screenId: "ReleasedRuleList" },
  request: z.object({}).strict().optional(),
  response: z.object({ models: z.array(detectionModelSchema) }),
});

/** One rule of the release as the list shows it; `threshold` is the condition in the request's language. */
export const releasedRuleRowSchema = z.object({
  groupName: z.string(),
  priority: z.number().int(),
  judgement: z.enum(AUTO_RESULTS),
  unitNo: z.number().int(),
  unitOperator: z.enum(UNIT_OPERATORS),
  threshold: z.string(),
  ruleDescription: z.string(),
  ruleCode: z.string(),
});
export type ReleasedRuleRow = z.infer<typeof releasedRuleRowSchema>;

export const releasedRuleRequestSchema = z.object({ modelId: modelIdSchema }).strict();

/** The CSV names the release the list showed: its rows are that release's, or none (015). */
export const releasedRuleCsvRequestSchema = z
  .object({ modelId: modelIdSchema, releaseId: z.string().trim().min(1).max(50) })
  .strict();

/** No release in force for the model answers Information.NoDataFound (676). */
export const releasedRuleList = defineCall({
  name: "releasedRuleList",
  method: "POST",
  path: "/api/v3/screen/releasedRuleList",
  access: { kind: "read", screenId: "ReleasedRuleList" },
  request: releasedRuleRequestSchema,
  response: z.object({
    modelId: z.string(),
    /** The release in force, which the CSV call names. */
    releaseId: z.string(),
    /** When the release in force started (ISO 8601). */
    startsAt: z.string(),
    rules: z.array(releasedRuleRowSchema),
  }),
});

/**
 * The same rows as a CSV file, each led by its detection model (RELEASED_RULE_CSV_COLUMNS), answered
 * as text through the envelope (the SPA saves it as a file): UTF-8 with a BOM, CRLF line ends, the
 * header row in the operator's language, Excel-safe cells
 * (src/server/services/csvSafe.ts). Exporting needs only read permission, like the list itself.
 * The request names the release the list showed: another one in force since is refused with 015
 * (none in force any more: 676); the file name carries the release's start, Japan time
 * (`releasedRuleList_<model>_<yyyyMMddHHmm>.csv`).
 */
export const releasedRuleCsv = defineCall({
  name: "releasedRuleCsv",
  method: "POST",
  path: "/api/v3/screen/releasedRuleList/csv",
  access: { kind: "read", screenId: "ReleasedRuleList" },
  request: releasedRuleCsvRequestSchema,
  response: z.object({ fileName: z.string(), content: z.string() }),
});
export type ReleasedRuleCsv = z.infer<(typeof releasedRuleCsv)["response"]>;

/** A detection model as the model chooser shows it, and as the CSV's first column reads: "name (ID)". */
export const detectionModelLabel = (model: DetectionModel): string => `${model.modelName} (${model.modelId})`;

/** Column order of the list (one row per rule; the chooser above it shows the model). */
export const RELEASED_RULE_COLUMNS = [
  "groupName",
  "priority",
  "judgement",
  "unitNo",
  "unitOperator",
  "threshold",
  "ruleDescription",
  "ruleCode",
] as const satisfies readonly (keyof ReleasedRuleRow)[];
export type ReleasedRuleColumn = (typeof RELEASED_RULE_COLUMNS)[number];

/** Column order of the CSV file: a file read on its own names its detection model (spec section 3). */
export const RELEASED_RULE_CSV_COLUMNS = ["detectionModel", ...RELEASED_RULE_COLUMNS] as const;
export type ReleasedRuleCsvColumn = (typeof RELEASED_RULE_CSV_COLUMNS)[number];

/**
 * The CSV header row in each language; the SPA's rules.json reads the same (tested): `model` (the
 * chooser's label) for the detection model, `columns` for the rest.
 */
export const RELEASED_RULE_HEADERS: Record<Lang, Record<ReleasedRuleCsvColumn, string>> = {
  en: {
    detectionModel: "Detection model",
    groupName: "Group name",
    priority: "Priority",
    judgement: "Judgement",
    unitNo: "Unit number",
    unitOperator: "Unit operator",
    threshold: "Threshold",
    ruleDescription: "Rule description",
    ruleCode: "Rule code",
  },
  ja: {
    detectionModel: "検知モデル",
    groupName: "グループ名",
    priority: "優先度",
    judgement: "判定",
    unitNo: "ユニット番号",
    unitOperator: "ユニット演算子",
    threshold: "閾値",
    ruleDescription: "ルール説明",
    ruleCode: "ルールコード",
  },
};
