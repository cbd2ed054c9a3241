import type { z } from "zod";
import type { sessionInfo } from "../../contract/auth.ts";
import type { ServiceDeps } from "./deps.ts";
import type { AuthContext } from "./sessionService.ts";

type SessionSummary = z.input<typeof sessionInfo.response>;

/** Operator, company, environment and trial of a session; the trial limit itself never leaves here. */
export async function sessionSummary(
  deps: Pick<ServiceDeps, "db" | "config">,
  auth: AuthContext,
): Promise<SessionSummary | null> {
  const row = await deps.db
    .selectFrom("operators")
    .innerJoin("companies", "companies.company_id", "operators.company_id")
    .select([
      "operators.id",
      "operators.name",
      "companies.company_id",
      "companies.name as companyName",
      "companies.contract_div",
    ])
    .where("operators.company_id", "=", auth.companyId)
    .where("operators.id", "=", auth.operatorId)
    .executeTakeFirst();
  if (!row) return null;
  const trial = await deps.db
    .selectFrom("trials")
    .selectAll()
    .where("company_id", "=", auth.companyId)
    .executeTakeFirst();
  return {
    loginOperator: {
      operatorId: String(row.id),
      contractDiv: row.contract_div,
      companyId: row.company_id,
      companyName: row.companyName,
      operatorName: row.name,
    },
    environment: deps.config.environment,
    trial: trial
      ? {
          count: trial.event_count,
          limitReached: trial.event_count >= trial.event_limit,
          start: trial.starts_at?.toISOString() ?? null,
          end: trial.ends_at?.toISOString() ?? null,
        }
      : null,
  };
}
