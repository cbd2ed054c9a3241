import { describe, expect, it } from "vitest";
import { type TableActivity, upkeepActionFor } from "../../../src/server/db/embeddedUpkeep.ts";

const settled: TableActivity = {
  schema: "public",
  table: "events",
  reltuples: 10_000,
  relpages: 500,
  pages: 500,
  modifiedSinceAnalyze: 0,
  deadRows: 0,
};

describe("upkeepActionFor (autovacuum's default thresholds, plus growth in pages)", () => {
  it.each([
    ["a settled table", {}, undefined],
    ["never analyzed, with rows", { reltuples: -1, relpages: 0, pages: 3 }, "analyze"],
    ["never analyzed, empty", { reltuples: -1, relpages: 0, pages: 0 }, undefined],
    ["modified up to 50 + 10% of its rows", { modifiedSinceAnalyze: 1_050 }, undefined],
    ["modified beyond 50 + 10% of its rows", { modifiedSinceAnalyze: 1_051 }, "analyze"],
    ["dead rows up to 50 + 20% of its rows", { deadRows: 2_050 }, undefined],
    ["dead rows beyond 50 + 20% of its rows", { deadRows: 2_051 }, "vacuum analyze"],
    [
      "dead rows and modified: the vacuum analyzes too",
      { deadRows: 2_051, modifiedSinceAnalyze: 5_000 },
      "vacuum analyze",
    ],
    ["grown by up to 8 pages + 10%", { pages: 558 }, undefined],
    ["grown by more than 8 pages + 10% (counters lost in a restart)", { pages: 559 }, "analyze"],
    ["shrunk by more than 8 pages + 10%", { pages: 441 }, "analyze"],
    ["a small table's few dead rows", { reltuples: 3, relpages: 1, pages: 1, deadRows: 50 }, undefined],
  ] as const)("%s", (_name, change, expected) => {
    expect(upkeepActionFor({ ...settled, ...change })).toBe(expected);
  });
});
