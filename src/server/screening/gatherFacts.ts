import { type Kysely, sql } from "kysely";
import { inJapan } from "../../contract/japanTime.ts";
import type { KeywordTarget } from "../../contract/rules.ts";
import type { Party, Transaction } from "../../contract/screening.ts";
import { PREPARED } from "../db/preparedStatements.ts";
import type { Database } from "../db/schema.ts";
import type { KeywordHits, KeywordProbe } from "../lists/keywordLookup.ts";
import { keywordHitsInMemory, keywordVersionsOf, keywordVersionsSql } from "../lists/keywordMatcher.ts";
import { type NegativeProbe, negativeProbesOf } from "../lists/negativeKeys.ts";
import { negativeHitsOf, negativeHitsSql, negativePairId } from "../lists/negativeLookup.ts";
import { whiteMatchesOf, whiteMatchesSql, whiteProbesOf } from "../lists/whiteLookup.ts";
import { arrayLiteral } from "./arrayLiteral.ts";
import { credentialFingerprintsOf, credentialFingerprintsSql } from "./credentialFingerprints.ts";
import type { FactNeeds } from "./factNeeds.ts";
import { fixedStatement } from "./fixedStatement.ts";
import { type IpGeo, ipGeoAddress, ipGeoOf, ipGeoSql } from "./ipGeo.ts";
import type { LinkKeyValue } from "./linkKeys.ts";
import { normalizeIp, normalizeKeywordText } from "./normalize.ts";
import { type PendingScreening, pendingBefore } from "./pendingScreenings.ts";
import { earlierMailSql } from "./relatedLookup.ts";
import {
  keywordFactKey,
  negativeFactKey,
  type PartyOrItems,
  type ScreeningFacts,
  type WhiteType,
} from "./types.ts";
import {
  type NumberedVelocityCount,
  type VelocityNeed,
  velocityAnswersOf,
  velocityCountsOf,
  velocityFactsOf,
  velocitySql,
} from "./velocityLookup.ts";

/** Hour of the day in Japan time. */
export const jstHour = (at: Date): number => inJapan(at).getHours();

function keywordProbesOf(tx: Transaction, keywords: FactNeeds["keywords"]): KeywordProbe[] {
  const textsOf = (target: KeywordTarget): { where: PartyOrItems; text: string | undefined }[] => {
    if (target === "itemName") return tx.items.map((item) => ({ where: "items", text: item.itemName }));
    return (["purchaser", "shipping"] as const).flatMap((where) => {
      // Each party's own fields: the purchaser has no delivery company, shipping no media code.
      const party: Party | undefined = tx[where];
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

/** What one screening's facts are read for. */
export interface FactsRequest {
  companyId: string;
  tx: Transaction;
  needs: FactNeeds;
  linkKeys: readonly LinkKeyValue[];
  now: Date;
  /** An application whose current credential fingerprint is read with the facts (the screening API's guard). */
  guardApplicationId?: string;
  /**
   * The screening as listed pending (pendingScreenings): the pending screenings before it count in
   * its velocity and first-time customer facts (without it, only stored events count).
   */
  pending?: PendingScreening;
}

export interface GatheredFacts {
  facts: ScreeningFacts;
  geo: IpGeo | undefined;
  /**
   * The current credential fingerprint of the request's guardApplicationId, read in the same
   * statement (null without one, or once the application is gone).
   */
  guard: string | null;
}

/** The statement's array parameters, each one element per probe of its look-up (velocityExcluded: per batch). */
const PARAMETERS = [
  "whiteScreening",
  "whiteCompany",
  "whiteType",
  "whiteValue",
  "negativeScreening",
  "negativeCompany",
  "negativeItem",
  "negativeValue",
  "negativeNow",
  "keywordCompany",
  "velocityCount",
  "velocitySingle",
  "velocityCompany",
  "velocityKey",
  "velocityWindow",
  "velocityValue",
  "velocityNow",
  "velocityExcluded",
  "mailScreening",
  "mailCompany",
  "mailValue",
  "mailNow",
  "geoScreening",
  "geoCompany",
  "geoAddress",
  "guardApplications",
] as const;
type Parameter = (typeof PARAMETERS)[number];

/**
 * The facts of a batch of screenings in one statement of fixed text (a prepared statement on
 * PostgreSQL, compiled once here): white entries, negative keys (all items of both parties),
 * the versions of the tenants' keyword lists (their keywords are matched in memory, keywordMatcher.ts), velocity (all keys and windows), whether the purchaser's e-mail was seen
 * before, IP geolocation and the guards' credential fingerprints, each one scalar subquery over the
 * whole batch's probes (each probe names its screening), so the statement's fixed costs (planning,
 * executor start, round trip, commit) are paid once per batch, not per screening.
 */
const factsStatement = fixedStatement(
  PARAMETERS,
  (p) =>
    sql<Record<string, unknown>>`${sql.raw(PREPARED)}select
    ${whiteMatchesSql({ screening: p.whiteScreening, companyId: p.whiteCompany, type: p.whiteType, value: p.whiteValue })} as white,
    ${negativeHitsSql({ screening: p.negativeScreening, companyId: p.negativeCompany, item: p.negativeItem, value: p.negativeValue, now: p.negativeNow })} as negative,
    ${keywordVersionsSql(p.keywordCompany)} as keyword_versions,
    ${velocitySql({ count: p.velocityCount, single: p.velocitySingle, companyId: p.velocityCompany, keyType: p.velocityKey, windowMs: p.velocityWindow, value: p.velocityValue, now: p.velocityNow, excluded: p.velocityExcluded })} as velocity,
    ${earlierMailSql({ screening: p.mailScreening, companyId: p.mailCompany, mail: p.mailValue, now: p.mailNow })} as mail_seen,
    ${ipGeoSql({ screening: p.geoScreening, companyId: p.geoCompany, address: p.geoAddress })} as geo,
    ${credentialFingerprintsSql(p.guardApplications)} as guard`,
);

/** What one screening reads: its probes of every look-up, and how its facts are made of the answers. */
interface Probes {
  negative: NegativeProbe[];
  keywords: KeywordProbe[];
  velocityNeeds: VelocityNeed[];
  velocityCounts: NumberedVelocityCount[];
  /** Whether a pending screening before it has one of the purchaser's e-mail keys. */
  pendingMail: boolean;
}

/** Array parameters as built: texts, numbers and booleans only (arrayLiteral writes no NULL). */
type ParameterArrays = Record<Parameter, (string | number | boolean)[]>;

/**
 * Adds one screening's probes to the batch's array parameters. The pending screenings before it are
 * counted here, from memory, and their event IDs go to `excluded`, so that a store committing while
 * the statement starts is counted once, whether or not the statement's snapshot sees it.
 */
function addProbes(
  db: Kysely<Database>,
  values: ParameterArrays,
  excluded: Set<string>,
  screening: number,
  request: FactsRequest,
): Probes {
  const { companyId, tx, needs, linkKeys, pending } = request;
  const now = request.now.toISOString();
  for (const probe of whiteProbesOf(tx)) {
    values.whiteScreening.push(screening);
    values.whiteCompany.push(companyId);
    values.whiteType.push(probe.type);
    values.whiteValue.push(probe.value);
  }
  const negative = needs.negative ? negativeProbesOf(tx) : [];
  for (const probe of negative) {
    values.negativeScreening.push(screening);
    values.negativeCompany.push(companyId);
    values.negativeItem.push(probe.item);
    values.negativeValue.push(probe.value);
    values.negativeNow.push(now);
  }
  // Matched in memory after the statement: it only reads the tenant's keyword version.
  const keywords = keywordProbesOf(tx, needs.keywords);
  if (keywords.length > 0) values.keywordCompany.push(companyId);
  const velocityNeeds = [...needs.velocity].map(([key, windows]) => ({ key, windowsMs: [...windows] }));
  const velocityCounts = velocityCountsOf(velocityNeeds, linkKeys).map((count) => {
    // Numbered across the batch: the answers come back by number.
    const number = values.velocityCount.length === 0 ? 0 : (values.velocityCount.at(-1) as number) + 1;
    const earlier = pending ? pendingBefore(db, pending, count.key, count.values, count.windowMs) : [];
    const counted = { events: earlier.length, amount: 0 };
    for (const other of earlier) {
      counted.amount += other.amount;
      for (const eventId of other.eventIds) excluded.add(eventId);
    }
    for (const value of count.values) {
      values.velocityCount.push(number);
      values.velocitySingle.push(count.values.length === 1);
      values.velocityCompany.push(companyId);
      values.velocityKey.push(count.key);
      values.velocityWindow.push(count.windowMs);
      values.velocityValue.push(value);
      values.velocityNow.push(now);
    }
    return { ...count, number, pending: counted };
  });
  const purchaserMails: string[] = [];
  for (const key of linkKeys) {
    if (!key.purchaserMail) continue;
    purchaserMails.push(key.value);
    values.mailScreening.push(screening);
    values.mailCompany.push(companyId);
    values.mailValue.push(key.value);
    values.mailNow.push(now);
  }
  const address = ipGeoAddress(normalizeIp(tx.device?.ipaddress));
  if (address !== undefined) {
    values.geoScreening.push(screening);
    values.geoCompany.push(companyId);
    values.geoAddress.push(address);
  }
  if (request.guardApplicationId !== undefined) values.guardApplications.push(request.guardApplicationId);
  const pendingMail =
    pending !== undefined &&
    purchaserMails.length > 0 &&
    pendingBefore(db, pending, "mail", purchaserMails).length > 0;
  return { negative, keywords, velocityNeeds, velocityCounts, pendingMail };
}

/**
 * Reads what the conditions of each screening need, for a batch of screenings in one query (one
 * round trip); the answers in the requests' order.
 */
export async function gatherFactsOf(
  db: Kysely<Database>,
  requests: readonly FactsRequest[],
): Promise<GatheredFacts[]> {
  const values = Object.fromEntries(PARAMETERS.map((name) => [name, []])) as unknown as ParameterArrays;
  // Taken now, before the statement is sent: a screening off the pending list by then has committed.
  const excluded = new Set<string>();
  const probes = requests.map((request, screening) => addProbes(db, values, excluded, screening, request));
  values.velocityExcluded = [...excluded];
  const parameters = Object.fromEntries(
    PARAMETERS.map((name) => [name, arrayLiteral(values[name])]),
  ) as Record<Parameter, string>;
  const [answers = {}] = await factsStatement.execute(db, parameters);
  const count = requests.length;
  const white = whiteMatchesOf(answers.white, count);
  const negativeHits = negativeHitsOf(answers.negative, count);
  const keywordHits = await keywordHitsInMemory(
    db,
    requests.map((request, screening) => ({
      companyId: request.companyId,
      probes: (probes[screening] as Probes).keywords,
    })),
    keywordVersionsOf(answers.keyword_versions),
  );
  const velocity = velocityAnswersOf(answers.velocity);
  const mailSeen = new Set((answers.mail_seen ?? []) as number[]);
  const geos = ipGeoOf(answers.geo, count);
  const fingerprints = credentialFingerprintsOf(answers.guard);
  return requests.map((request, screening) => {
    const { tx, now } = request;
    const { negative, velocityNeeds, velocityCounts, pendingMail } = probes[screening] as Probes;
    const hits = negativeHits[screening] as Set<string>;
    const hitFacts = new Set(
      negative
        .filter((probe) => hits.has(negativePairId(probe.item, probe.value)))
        .map((probe) => negativeFactKey(probe.party, probe.item)),
    );
    const flag = tx.purchaser.existingCustomerFlg;
    // The shop's flag when sent; otherwise no earlier event with the purchaser's e-mail address.
    const firstTimeCustomer = flag !== undefined ? flag === "0" : !(mailSeen.has(screening) || pendingMail);
    const requested = tx.requestedAt ? new Date(tx.requestedAt) : now;
    const geo = geos[screening];
    return {
      facts: {
        now,
        hourOfDay: jstHour(requested),
        white: white[screening] as Set<WhiteType>,
        negativeHits: hitFacts,
        keywordHits: keywordHits[screening] as KeywordHits,
        velocity: velocityFactsOf(velocityCounts, velocity, velocityNeeds, tx.amount),
        ipCountry: geo?.countryCode,
        firstTimeCustomer,
      },
      geo,
      guard:
        request.guardApplicationId === undefined
          ? null
          : (fingerprints.get(request.guardApplicationId) ?? null),
    };
  });
}
