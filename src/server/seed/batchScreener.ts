import { isIP } from "node:net";
import type { Kysely } from "kysely";
import type { KeywordTarget, LinkKey } from "../../contract/rules.ts";
import type { Party, Transaction } from "../../contract/screening.ts";
import type { Database } from "../db/schema.ts";
import { keywordsOfTenant, negativeKeysOfTenant, whiteEntriesOfTenant } from "../lists/listSnapshots.ts";
import { negativeProbesOf } from "../lists/negativeKeys.ts";
import { negativePairId } from "../lists/negativeLookup.ts";
import { whiteProbesOf } from "../lists/whiteLookup.ts";
import { evaluateRelease } from "../screening/evaluateRelease.ts";
import { newEventId } from "../screening/eventId.ts";
import { factNeedsOf } from "../screening/factNeeds.ts";
import { jstHour } from "../screening/gatherFacts.ts";
import type { IpGeo } from "../screening/ipGeo.ts";
import { type LinkKeyValue, linkKeysOf } from "../screening/linkKeys.ts";
import { normalizeIp, normalizeKeywordText } from "../screening/normalize.ts";
import { RELATED_PER_KEY, type RelatedEvent } from "../screening/relatedLookup.ts";
import { activeReleases } from "../screening/releaseCache.ts";
import {
  type KeywordFact,
  keywordFactKey,
  negativeFactKey,
  type PartyOrItems,
  type ReleaseDecision,
  type ScreeningFacts,
  type SimulationResult,
  type VelocityFact,
  velocityFactKey,
  type WhiteType,
} from "../screening/types.ts";

/**
 * The engine's evaluation for many events in a row, without a database round trip per event: the
 * tenant's lists are read once, and the facts the engine would query (white, negative and keyword
 * hits, IP country, velocity, related events) are kept in memory as the events go by, in time order.
 * The releases, normalizers, probes and evaluateRelease are the engine's own, so each decision is
 * the one screenTransaction makes for the same history (tests/server/demoSeed.test.ts compares them).
 * For the demo seed and bulk loads only: it sees only the events it screened itself.
 */

interface SeenEvent {
  eventId: string;
  at: number;
  amount: number;
}

interface GeoRange {
  start: number;
  end: number;
  geo: IpGeo;
}

export interface BatchScreening {
  eventId: string;
  now: Date;
  tx: Transaction;
  packageId: string | null;
  decision: ReleaseDecision;
  simulation: SimulationResult | null;
  geo: IpGeo | undefined;
  related: RelatedEvent[];
  linkKeys: LinkKeyValue[];
}

const ipv4Number = (ip: string): number =>
  ip.split(".").reduce((total, part) => total * 256 + Number(part), 0);

/** Per match key, the latest expiry of the entries holding it, as the engine skips expired ones. */
function negativeExpiries(keys: readonly { item: string; value: string; valid_until: Date | null }[]) {
  const until = new Map<string, number>();
  for (const key of keys) {
    const id = negativePairId(key.item, key.value);
    const ms = key.valid_until === null ? Number.POSITIVE_INFINITY : new Date(key.valid_until).getTime();
    until.set(id, Math.max(until.get(id) ?? 0, ms));
  }
  return until;
}

export class BatchScreener {
  /** Events per link key value, oldest first: at least the last RELATED_PER_KEY, and all within the widest window. */
  private readonly history = new Map<string, SeenEvent[]>();
  private widestWindowMs = 0;

  private constructor(
    private readonly db: Kysely<Database>,
    private readonly companyId: string,
    private readonly modelId: string,
    private readonly white: Set<string>,
    /** Per negativePairId, until when a key of it hits (ms; Infinity: an entry without expiry). */
    private readonly negatives: Map<string, number>,
    private readonly keywords: Map<string, string[]>,
    private readonly ranges: GeoRange[],
  ) {}

  /** Reads the tenant's white entries, negative keys, keywords and IP ranges. */
  static async load(db: Kysely<Database>, companyId: string, modelId: string): Promise<BatchScreener> {
    const [white, negatives, keywords, ranges] = await Promise.all([
      whiteEntriesOfTenant(db, companyId),
      negativeKeysOfTenant(db, companyId),
      keywordsOfTenant(db, companyId),
      db.selectFrom("ip_geo_ranges").selectAll().where("company_id", "=", companyId).execute(),
    ]);
    const byCategory = new Map<string, string[]>();
    for (const row of keywords) {
      // As keywordHitsSql compares: folded as the texts are, empty keywords ignored.
      const keyword = normalizeKeywordText(row.keyword);
      if (keyword !== undefined)
        byCategory.set(row.category_id, [...(byCategory.get(row.category_id) ?? []), keyword]);
    }
    const geoRanges = ranges
      .filter((row) => isIP(row.range_start) === 4 && isIP(row.range_end) === 4)
      .map((row) => ({
        start: ipv4Number(row.range_start),
        end: ipv4Number(row.range_end),
        geo: {
          countryCode: row.country_code,
          countryJName: row.country_j_name,
          countryAName: row.country_a_name,
          prefJName: row.pref_j_name,
          prefAName: row.pref_a_name,
          lineJName: row.line_j_name,
          domainName: row.domain_name,
          latitude: row.latitude,
          longitude: row.longitude,
        },
      }))
      .sort((a, b) => a.start - b.start);
    return new BatchScreener(
      db,
      companyId,
      modelId,
      new Set(white.map((row) => `${row.entry_type}\u0000${row.value}`)),
      negativeExpiries(negatives),
      byCategory,
      geoRanges,
    );
  }

  /** Screens one transaction at `now` (not before the previous one) and remembers it. */
  async screen(tx: Transaction, now: Date): Promise<BatchScreening> {
    const releases = await activeReleases(this.db, this.companyId, this.modelId, now);
    const needs = factNeedsOf([releases.normal, releases.simulation]);
    for (const windows of needs.velocity.values()) {
      for (const ms of windows) this.widestWindowMs = Math.max(this.widestWindowMs, ms);
    }
    const linkKeys = linkKeysOf(tx);
    const related = this.relatedOf(linkKeys, now);
    const geo = this.geoOf(normalizeIp(tx.device?.ipaddress));
    const velocity = new Map<string, VelocityFact>();
    for (const [key, windows] of needs.velocity) {
      for (const ms of windows)
        velocity.set(velocityFactKey(key, ms), this.velocityOf(key, linkKeys, now, ms, tx.amount));
    }
    const negativeProbes = needs.negative ? negativeProbesOf(tx) : [];
    const requested = tx.requestedAt ? new Date(tx.requestedAt) : now;
    const flag = tx.purchaser.existingCustomerFlg;
    const purchaserMails = new Set(linkKeys.filter((key) => key.purchaserMail).map((key) => key.value));
    const facts: ScreeningFacts = {
      now,
      hourOfDay: jstHour(requested),
      white: new Set(
        whiteProbesOf(tx)
          .filter((probe) => this.white.has(`${probe.type}\u0000${probe.value}`))
          .map((probe) => probe.type as WhiteType),
      ),
      negativeHits: new Set(
        negativeProbes
          .filter(
            (probe) => (this.negatives.get(negativePairId(probe.item, probe.value)) ?? 0) > now.getTime(),
          )
          .map((probe) => negativeFactKey(probe.party, probe.item)),
      ),
      keywordHits: this.keywordHitsOf(tx, needs.keywords),
      velocity,
      ipCountry: geo?.countryCode,
      firstTimeCustomer:
        flag !== undefined
          ? flag === "0"
          : !related.some((event) => event.sharedKey === "mail" && purchaserMails.has(event.keyValue)),
    };
    const decision = evaluateRelease(releases.normal, tx, facts);
    let simulation: SimulationResult | null = null;
    if (releases.simulation) {
      const shadow = evaluateRelease(releases.simulation, tx, facts);
      simulation = {
        releaseId: releases.simulation.releaseId,
        aaresult: shadow.aaresult,
        ruleGroupName: shadow.ruleGroupName,
        firedRules: shadow.firedRules,
        errors: shadow.errors,
      };
    }
    const eventId = newEventId(now);
    this.remember(linkKeys, { eventId, at: now.getTime(), amount: tx.amount });
    return {
      eventId,
      now,
      tx,
      packageId: releases.normal?.packageId ?? null,
      decision,
      simulation,
      geo,
      related,
      linkKeys,
    };
  }

  private relatedOf(linkKeys: readonly LinkKeyValue[], now: Date): RelatedEvent[] {
    const related: RelatedEvent[] = [];
    for (const key of linkKeys) {
      const seen = this.history.get(`${key.keyType}\u0000${key.value}`) ?? [];
      let taken = 0;
      for (let i = seen.length - 1; i >= 0 && taken < RELATED_PER_KEY; i--) {
        const event = seen[i] as SeenEvent;
        if (event.at > now.getTime()) continue;
        related.push({ eventId: event.eventId, sharedKey: key.keyType, keyValue: key.value });
        taken++;
      }
    }
    return related;
  }

  private velocityOf(
    key: LinkKey,
    linkKeys: readonly LinkKeyValue[],
    now: Date,
    ms: number,
    amount: number,
  ): VelocityFact {
    const from = now.getTime() - ms;
    const counted = new Map<string, number>();
    for (const linkKey of linkKeys) {
      if (linkKey.keyType !== key) continue;
      for (const event of this.history.get(`${key}\u0000${linkKey.value}`) ?? []) {
        if (event.at >= from && event.at <= now.getTime()) counted.set(event.eventId, event.amount);
      }
    }
    let sum = 0;
    for (const value of counted.values()) sum += value;
    return { count: counted.size + 1, amount: sum + amount };
  }

  private geoOf(ip: string | undefined): IpGeo | undefined {
    if (ip === undefined || isIP(ip) !== 4) return undefined;
    const value = ipv4Number(ip);
    // The range starting at or below the address, if it also ends at or above it (as ipGeoSql).
    let low = 0;
    let high = this.ranges.length - 1;
    let found: GeoRange | undefined;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const range = this.ranges[mid] as GeoRange;
      if (range.start <= value) {
        found = range;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found && found.end >= value ? found.geo : undefined;
  }

  private keywordHitsOf(tx: Transaction, needs: Map<string, Set<KeywordTarget>>): Map<string, KeywordFact> {
    const hits = new Map<string, KeywordFact>();
    for (const [categoryId, targets] of needs) {
      const keywords = this.keywords.get(categoryId) ?? [];
      for (const target of targets) {
        for (const { where, text } of keywordTextsOf(tx, target)) {
          const normalized = normalizeKeywordText(text);
          if (normalized === undefined) continue;
          const label = keywordFactKey(categoryId, target, where);
          for (const keyword of keywords) {
            const at = normalized.indexOf(keyword);
            if (at < 0) continue;
            const known = hits.get(label);
            hits.set(label, { contains: true, prefix: (known?.prefix ?? false) || at === 0 });
          }
        }
      }
    }
    return hits;
  }

  private remember(linkKeys: readonly LinkKeyValue[], event: SeenEvent): void {
    for (const key of linkKeys) {
      const id = `${key.keyType}\u0000${key.value}`;
      const seen = this.history.get(id);
      if (!seen) {
        this.history.set(id, [event]);
        continue;
      }
      seen.push(event);
      // Forget what neither a velocity window nor the related-event limit can reach any more.
      let drop = 0;
      while (
        seen.length - drop > RELATED_PER_KEY &&
        (seen[drop] as SeenEvent).at < event.at - this.widestWindowMs
      )
        drop++;
      if (drop > 0) seen.splice(0, drop);
    }
  }
}

/** The texts a keyword category's target is looked for in, per place (as gatherFacts reads them). */
function keywordTextsOf(
  tx: Transaction,
  target: KeywordTarget,
): { where: PartyOrItems; text: string | undefined }[] {
  if (target === "itemName") return tx.items.map((item) => ({ where: "items", text: item.itemName }));
  return (["purchaser", "shipping"] as const).flatMap((where) => {
    // Each party's own fields: the purchaser has no delivery company, shipping no media code.
    const party: Party | undefined = tx[where];
    if (!party) return [];
    const texts =
      target === "address"
        ? [party.fullAddress]
        : target === "company"
          ? [party.company]
          : target === "deliveryCompany"
            ? [party.deliveryCompany]
            : [party.mailDomain, party.mobileMailDomain];
    return texts.map((text) => ({ where, text }));
  });
}
