import { type Kysely, sql } from "kysely";
import type { z } from "zod";
import type { sessionInfo } from "../../contract/auth.ts";
import type { Database } from "../db/schema.ts";
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
    .select(["event_limit", "starts_at", "ends_at"])
    .where("company_id", "=", auth.companyId)
    .executeTakeFirst();
  const used = trial ? await trialEventsUsed(deps.db, auth.companyId, trial) : 0;
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
          count: used,
          limitReached: used >= trial.event_limit,
          start: trial.starts_at?.toISOString() ?? null,
          end: trial.ends_at?.toISOString() ?? null,
        }
      : null,
  };
}

/**
 * The trial's events used: the tenant's events screened within the trial period (by the API or a CSV
 * upload, logically deleted or not), counted up to the limit, which is all the display needs (events_created,
 * from the index alone). None before the trial starts.
 */
async function trialEventsUsed(
  db: Kysely<Database>,
  companyId: string,
  trial: { event_limit: number; starts_at: Date | null; ends_at: Date | null },
): Promise<number> {
  if (trial.starts_at === null) return 0;
  let within = db
    .selectFrom("events")
    .select(sql`1`.as("one"))
    .where("company_id", "=", companyId)
    .where("created_at", ">=", trial.starts_at);
  if (trial.ends_at !== null) within = within.where("created_at", "<", trial.ends_at);
  const { n } = await db
    .selectFrom(within.limit(trial.event_limit).as("used"))
    .select(sql<number>`count(*)::int`.as("n"))
    .executeTakeFirstOrThrow();
  return n;
}
