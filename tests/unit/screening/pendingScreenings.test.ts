import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../../../src/server/db/schema.ts";
import type { LinkKeyValue } from "../../../src/server/screening/linkKeys.ts";
import {
  enterPending,
  leavePending,
  pendingBefore,
} from "../../../src/server/screening/pendingScreenings.ts";

const MINUTE = 60_000;
const card = (value: string): LinkKeyValue[] => [{ keyType: "cchash", value }];

describe("pending screenings", () => {
  // The registry is per database handle: a fresh object is a fresh registry.
  const fresh = () => ({}) as Kysely<Database>;
  const t0 = new Date("2026-11-24T01:00:00Z");
  const at = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);
  let shop = 0;
  const enter = (db: Kysely<Database>, minutes: number, keys: LinkKeyValue[], companyId = "DEMO") =>
    enterPending(db, {
      companyId,
      shopEventId: `S${++shop}`,
      at: at(minutes),
      amount: 100,
      linkKeys: keys,
      eventId: `E${shop}`,
    });

  it("finds the tenant's screenings before one, sharing a value, within the window", () => {
    const db = fresh();
    const old = enter(db, -90, card("A"));
    const recent = enter(db, -10, card("A"));
    const otherCard = enter(db, -5, card("B"));
    enter(db, -5, card("A"), "ACME");
    const screening = enter(db, 0, card("A"));
    const after = enter(db, 1, card("A"));
    expect(pendingBefore(db, screening, "cchash", ["A"], 60 * MINUTE)).toEqual([recent]);
    expect(pendingBefore(db, screening, "cchash", ["A", "B"])).toEqual([old, recent, otherCard]);
    expect(pendingBefore(db, screening, "deviceId", ["A"])).toEqual([]);
    // The later one sees it; it does not see the later one.
    expect(pendingBefore(db, after, "cchash", ["A"], 60 * MINUTE)).toEqual([recent, screening]);
  });

  it("orders screenings of the same millisecond by entry, so exactly one of two counts the other", () => {
    const db = fresh();
    const first = enter(db, 0, card("A"));
    const second = enter(db, 0, card("A"));
    expect(pendingBefore(db, second, "cchash", ["A"], MINUTE)).toEqual([first]);
    expect(pendingBefore(db, first, "cchash", ["A"], MINUTE)).toEqual([]);
  });

  it("counts one sharing several values once", () => {
    const db = fresh();
    const both = enter(db, -1, [...card("A"), ...card("B")]);
    const screening = enter(db, 0, [...card("A"), ...card("B")]);
    expect(pendingBefore(db, screening, "cchash", ["A", "B"])).toEqual([both]);
  });

  it("does not list a retry of a pending shop event ID, nor count one's own shop event ID", () => {
    const db = fresh();
    const original = enterPending(db, {
      companyId: "DEMO",
      shopEventId: "RETRIED",
      at: at(0),
      amount: 100,
      linkKeys: card("A"),
      eventId: "E-ORIGINAL",
    });
    const retry = enterPending(db, {
      companyId: "DEMO",
      shopEventId: "RETRIED",
      at: at(0),
      amount: 100,
      linkKeys: card("A"),
      eventId: "E-RETRY",
    });
    expect([original.listed, retry.listed]).toEqual([true, false]);
    expect(pendingBefore(db, retry, "cchash", ["A"])).toEqual([]);
    const next = enter(db, 0, card("A"));
    expect(pendingBefore(db, next, "cchash", ["A"])).toEqual([original]);
    // Once the original has left, the shop event ID may be listed again.
    leavePending(db, retry);
    leavePending(db, original);
    expect(pendingBefore(db, next, "cchash", ["A"])).toEqual([]);
    expect(
      enterPending(db, {
        companyId: "DEMO",
        shopEventId: "RETRIED",
        at: at(1),
        amount: 100,
        linkKeys: card("A"),
        eventId: "E-AGAIN",
      }).listed,
    ).toBe(true);
  });
});
