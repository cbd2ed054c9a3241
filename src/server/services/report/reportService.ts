import type { Kysely } from "kysely";
import type { Lang } from "../../../contract/envelope.ts";
import { ERROR } from "../../../contract/errors.ts";
import { messageText } from "../../../contract/messages.ts";
import type { DetectionModel } from "../../../contract/releasedRules.ts";
import type {
  ReportCsvFile,
  ReportRequest,
  ReportResult,
  RuleHitRequest,
  RuleHitResult,
} from "../../../contract/report.ts";
import { ApiError } from "../../apiError.ts";
import type { Database } from "../../db/schema.ts";
import type { ServiceDeps } from "../deps.ts";
import { tenantDetectionModels } from "../detectionModels.ts";
import { fileStamp, reportCsv, ruleHitCsv } from "./reportCsv.ts";
import { EMPTY_TALLIES, readReportTallies, sumTallies, toFigures } from "./reportFigures.ts";
import { resolveReportPeriod } from "./reportPeriod.ts";
import { mergeRuleHits, type ReleaseKind, readRuleHits, releaseRuleCodes } from "./ruleHits.ts";

export interface ReportService {
  report(companyId: string, request: ReportRequest, lang: Lang): Promise<ReportResult>;
  reportCsv(companyId: string, request: ReportRequest, lang: Lang): Promise<ReportCsvFile>;
  ruleHits(companyId: string, request: RuleHitRequest, lang: Lang): Promise<RuleHitResult>;
  ruleHitCsv(companyId: string, request: RuleHitRequest, lang: Lang): Promise<ReportCsvFile>;
}

/** The release of a kind in force at `at` (the latest started; later releases win ties). */
async function releaseOfKindAt(
  db: Kysely<Database>,
  companyId: string,
  modelId: string,
  kind: ReleaseKind,
  at: Date,
): Promise<string | null> {
  const row = await db
    .selectFrom("rule_releases")
    .select("release_id")
    .where("company_id", "=", companyId)
    .where("model_id", "=", modelId)
    .where("kind", "=", kind)
    .where("starts_at", "<=", at)
    .orderBy("starts_at", "desc")
    .orderBy("released_at", "desc")
    .orderBy("release_id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.release_id ?? null;
}

const safeName = (modelId: string): string =>
  modelId === "" ? "all" : modelId.replace(/[^A-Za-z0-9_-]/g, "_");

/**
 * Screening result report and rule hit statistics (issue 42), aggregated from the events at each
 * call (docs/architecture.md, "Screening result report"): the figures are exact at every moment.
 */
export function createReportService(deps: Pick<ServiceDeps, "db" | "now">): ReportService {
  const { db, now } = deps;

  /** The tenant's models the request names: all of them for "", else the one (unknownModel otherwise). */
  async function chosenModels(companyId: string, modelId: string, lang: Lang): Promise<DetectionModel[]> {
    const models = await tenantDetectionModels(db, companyId);
    if (modelId === "") return models;
    const model = models.find((candidate) => candidate.modelId === modelId);
    if (!model) {
      throw new ApiError(ERROR.validation, [
        { field: "telegram.modelId", message: messageText(lang, "validation.unknownModel") },
      ]);
    }
    return [model];
  }

  async function report(companyId: string, request: ReportRequest, lang: Lang): Promise<ReportResult> {
    const period = resolveReportPeriod(request.unit, request, now(), lang);
    const models = await chosenModels(companyId, request.modelId, lang);
    const tallies = await readReportTallies(
      db,
      companyId,
      models.map((model) => model.modelId),
      period.unit,
      period.readFrom,
      period.readTo,
    );
    return {
      unit: period.unit,
      from: period.from,
      to: period.to,
      models: models.map((model) => {
        const byPeriod = tallies.get(model.modelId) ?? new Map();
        const of = (key: string) => byPeriod.get(key) ?? EMPTY_TALLIES;
        return {
          ...model,
          rows: period.keys.map((key, index) => ({
            period: key,
            figures: toFigures(of(key)),
            previous: toFigures(of(index === 0 ? period.previousKey : (period.keys[index - 1] ?? ""))),
          })),
          totals: toFigures(sumTallies(period.keys.map(of))),
        };
      }),
    };
  }

  async function ruleHits(companyId: string, request: RuleHitRequest, lang: Lang): Promise<RuleHitResult> {
    const period = resolveReportPeriod(request.unit, request, now(), lang);
    const [model] = await chosenModels(companyId, request.modelId, lang);
    if (!model) throw new ApiError(ERROR.noDataFound);
    const scope = { companyId, modelId: model.modelId, readFrom: period.fromStart, readTo: period.readTo };
    const at = now();
    const kinds = await Promise.all(
      (["normal", "simulation"] as const).map(async (kind) => {
        const releaseId = await releaseOfKindAt(db, companyId, model.modelId, kind, at);
        const codes = releaseId
          ? await releaseRuleCodes(db, companyId, releaseId)
          : new Map<string, string>();
        return { releaseId, rows: mergeRuleHits(await readRuleHits(db, kind, scope), codes) };
      }),
    );
    const [normal, simulation] = kinds as [(typeof kinds)[number], (typeof kinds)[number]];
    return {
      unit: period.unit,
      from: period.from,
      to: period.to,
      modelId: model.modelId,
      releaseId: normal.releaseId,
      simulationReleaseId: simulation.releaseId,
      normal: normal.rows,
      simulation: simulation.rows,
    };
  }

  return {
    report,
    ruleHits,
    async reportCsv(companyId, request, lang) {
      const result = await report(companyId, request, lang);
      const name = `eventReport_${request.unit}_${safeName(request.modelId)}_${fileStamp(result.from)}-${fileStamp(result.to)}.csv`;
      return { fileName: name, content: reportCsv(result, lang) };
    },
    async ruleHitCsv(companyId, request, lang) {
      const result = await ruleHits(companyId, request, lang);
      const name = `ruleHits_${safeName(result.modelId)}_${fileStamp(result.from)}-${fileStamp(result.to)}.csv`;
      return { fileName: name, content: ruleHitCsv(result, lang) };
    },
  };
}
