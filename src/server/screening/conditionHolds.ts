import type { Comparator, Condition } from "../../contract/rules.ts";
import type { Transaction } from "../../contract/screening.ts";
import { normalizeAddress, normalizeKeywordText } from "./normalize.ts";
import {
  keywordFactKey,
  negativeFactKey,
  type ScreeningFacts,
  type StoredCondition,
  velocityFactKey,
} from "./types.ts";
import { windowMs } from "./windows.ts";

export function compare(left: number, op: Comparator, right: number): boolean {
  switch (op) {
    case "gt":
      return left > right;
    case "gte":
      return left >= right;
    case "lt":
      return left < right;
    case "lte":
      return left <= right;
    case "eq":
      return left === right;
    case "ne":
      return left !== right;
  }
}

/**
 * Literal matching: % and _ in a value are ordinary characters. Both sides folded as keywords are
 * compared (a rule typed "ｉＰｈｏｎｅ" or "iphone" meets "iPhone", "gift card" meets "giftcard").
 */
function textMatches(text: string | undefined, value: string, match: "prefix" | "contains"): boolean {
  const folded = normalizeKeywordText(text);
  const wanted = normalizeKeywordText(value);
  if (folded === undefined || wanted === undefined) return false;
  return match === "prefix" ? folded.startsWith(wanted) : folded.includes(wanted);
}

/** Category codes folded as item names are. */
function categoryIn(category: string | undefined, values: readonly string[]): boolean {
  const folded = normalizeKeywordText(category);
  return folded !== undefined && values.some((value) => normalizeKeywordText(value) === folded);
}

/** Inclusive hour range; from > to wraps past midnight (22-5 is 22:00 to 05:59). */
const hourInRange = (hour: number, from: number, to: number): boolean =>
  from <= to ? hour >= from && hour <= to : hour >= from || hour <= to;

function keywordHolds(condition: Extract<Condition, { kind: "keywordHit" }>, facts: ScreeningFacts): boolean {
  const { categoryId, target, party, match } = condition;
  const places =
    target === "itemName" ? (["items"] as const) : party ? [party] : (["purchaser", "shipping"] as const);
  return places.some((where) => {
    const fact = facts.keywordHits.get(keywordFactKey(categoryId, target, where));
    return fact !== undefined && (match === "prefix" ? fact.prefix : fact.contains);
  });
}

/**
 * Whether one condition holds for the transaction and its facts. Throws on data it cannot judge
 * (a malformed stored condition, a missing fact); the caller counts that as an error for the rule.
 */
export function conditionHolds(condition: StoredCondition, tx: Transaction, facts: ScreeningFacts): boolean {
  switch (condition.kind) {
    case "invalid":
      throw new Error(`malformed condition: ${condition.problem}`);
    case "amount": {
      const value = condition.field === "amount" ? tx.amount : tx.totalAmount;
      return value !== undefined && compare(value, condition.op, condition.value);
    }
    case "itemPrice":
      return tx.items.some((item) => compare(item.price, condition.op, condition.value));
    case "itemQuantity":
      return tx.items.some((item) => compare(item.quantity, condition.op, condition.value));
    case "itemCategory":
      return tx.items.some((item) => categoryIn(item.category, condition.values));
    case "itemName":
      return tx.items.some((item) => textMatches(item.itemName, condition.value, condition.match));
    case "negativeHit":
      return facts.negativeHits.has(negativeFactKey(condition.party, condition.item));
    case "keywordHit":
      return keywordHolds(condition, facts);
    case "velocity": {
      const fact = facts.velocity.get(velocityFactKey(condition.key, windowMs(condition.window)));
      if (fact === undefined) throw new Error(`velocity of ${condition.key} was not gathered`);
      return compare(condition.measure === "count" ? fact.count : fact.amount, condition.op, condition.value);
    }
    case "addressMismatch": {
      const purchaser = normalizeAddress(tx.purchaser.fullAddress);
      const shipping = normalizeAddress(tx.shipping?.fullAddress);
      return purchaser !== undefined && shipping !== undefined && purchaser !== shipping;
    }
    case "foreignIp":
      return facts.ipCountry !== undefined && facts.ipCountry !== "JP";
    case "hourOfDay":
      return hourInRange(facts.hourOfDay, condition.from, condition.to);
    case "firstTimeCustomer":
      return facts.firstTimeCustomer;
    default: {
      const unknown: { kind?: unknown } = condition;
      throw new Error(`unknown condition kind ${String(unknown.kind)}`);
    }
  }
}
