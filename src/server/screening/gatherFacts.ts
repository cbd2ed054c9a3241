import { type Kysely, type RawBuilder, sql } from "kysely";
import type { KeywordTarget } from "../../contract/rules.ts";
import type { Transaction } from "../../contract/screening.ts";
import { PREPARED } from "../db/preparedStatements.ts";
import type { Database } from "../db/schema.ts";
import { type IpGeo, ipGeoOf, ipGeoSql } from "../services/ipGeo.ts";
import { type KeywordProbe, keywordHitsOf, keywordHitsSql } from "../services/keywordLookup.ts";
import { negativeHitsOf, negativeHitsSql, negativePairId } from "../services/negativeLookup.ts";
import { whiteMatchesOf, whiteMatchesSql, whiteProbesOf } from "../services/whiteLookup.ts";
import type { FactNeeds } from "./factNeeds.ts";
import type { LinkKeyValue } from "./linkKeys.ts";
import { negativeProbesOf } from "./negativeKeys.ts";
import { normalizeIp, normalizeKeywordText } from "./normalize.ts";
import { earlierMailSql } from "./relatedLookup.ts";
import { keywordFactKey, negativeFactKey, type PartyOrItems, type ScreeningFacts } from "./types.ts";
import { velocityFactsOf, velocitySql } from "./velocityLookup.ts";

const JST_OFFSET_MS = 9 * 3_600_000;

/** Hour of the day in Japan time. */
export const jstHour = (at: Date): number => new Date(at.getTime() + JST_OFFSET_MS).getUTCHours();

function keywordProbesOf(tx: Transaction, keywords: FactNeeds["keywords"]): KeywordProbe[] {
  const textsOf = (target: KeywordTarget): { where: PartyOrItems; text: string | undefined }[] => {
    if (target === "itemName") return tx.items.map((item) => ({ where: "items", text: item.itemName }));
    return (["purchaser", "shipping"] as const).flatMap((where) => {
      const party = tx[where];
      if (!party) return [];
      const texts: Record<Exclude<KeywordTarget, "itemName">, (string | undefined)[]> = {
        address: [party.fullAddress],
        company: [party.company],
        deliveryCompany: [party.deliveryCompany],
        mailDomain: [party.mailDomain, party.mobileMailDomain],
      };
      return texts[target].map((text) => ({ where, text }));
    });
  };
  const probes: KeywordProbe[] = [];
  for (const [categoryId, targets] of keywords) {
    for (const target of targets) {
      for (const { where, text } of textsOf(target)) {
        const normalized = normalizeKeywordText(text);
        if (normalized !== undefined) {
          probes.push({ categoryId, label: keywordFactKey(categoryId, target, where), text: normalized });
        }
      }
    }
  }
  return probes;
}

export interface GatheredFacts {
  facts: ScreeningFacts;
  geo: IpGeo | undefined;
  /** The value of the caller's guard expression, read in the same statement (null without one). */
  guard: unknown;
}

/**
 * Reads what the conditions need, once per event and in one query (one round trip): white entries,
 * negative keys (all items of both parties), keywords (all categories), velocity (all keys and
 * windows), whether the purchaser's e-mail was seen before and IP geolocation, each a scalar subquery;
 * and the caller's guard expression, if any (a cached authentication proved current in the same trip).
 */
export async function gatherFacts(
  db: Kysely<Database>,
  companyId: string,
  tx: Transaction,
  needs: FactNeeds,
  linkKeys: readonly LinkKeyValue[],
  now: Date,
  guard?: RawBuilder<unknown>,
): Promise<GatheredFacts> {
  const negativeProbes = needs.negative ? negativeProbesOf(tx) : [];
  const purchaserMails = linkKeys.filter((key) => key.purchaserMail).map((key) => key.value);
  const velocityNeeds = [...needs.velocity].map(([key, windows]) => ({ key, windowsMs: [...windows] }));
  // One statement of fixed text (a prepared statement on PostgreSQL): every input is a parameter.
  const { rows } = await sql<Record<string, unknown>>`${sql.raw(PREPARED)}select
    ${whiteMatchesSql(companyId, whiteProbesOf(tx))} as white,
    ${negativeHitsSql(companyId, negativeProbes)} as negative,
    ${keywordHitsSql(companyId, keywordProbesOf(tx, needs.keywords))} as keyword,
    ${velocitySql(companyId, velocityNeeds, linkKeys, now)} as velocity,
    ${earlierMailSql(companyId, purchaserMails, now)} as mail_seen,
    ${ipGeoSql(companyId, normalizeIp(tx.device?.ipaddress))} as geo,
    ${guard ?? sql`null`} as guard`.execute(db);
  const answers = rows[0] ?? {};
  const white = whiteMatchesOf(answers.white);
  const negativeHits = negativeHitsOf(answers.negative);
  const geo = ipGeoOf(answers.geo);
  const hitFacts = new Set(
    negativeProbes
      .filter((probe) => negativeHits.has(negativePairId(probe.item, probe.value)))
      .map((probe) => negativeFactKey(probe.party, probe.item)),
  );
  const flag = tx.purchaser.existingCustomerFlg;
  // The shop's flag when sent; otherwise no earlier event with the purchaser's e-mail address.
  const firstTimeCustomer = flag !== undefined ? flag === "0" : answers.mail_seen !== true;
  const requested = tx.requestedAt ? new Date(tx.requestedAt) : now;
  return {
    facts: {
      now,
      hourOfDay: jstHour(requested),
      white,
      negativeHits: hitFacts,
      keywordHits: keywordHitsOf(answers.keyword),
      velocity: velocityFactsOf(answers.velocity, velocityNeeds, linkKeys, tx.amount),
      ipCountry: geo?.countryCode,
      firstTimeCustomer,
    },
    geo,
    guard: answers.guard ?? null,
  };
}
