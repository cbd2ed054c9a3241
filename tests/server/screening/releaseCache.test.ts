import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishRelease } from "../../../src/server/screening/publishRelease.ts";
import { activeReleases, HEADER_TTL_MS } from "../../../src/server/screening/releaseCache.ts";
import { ReadGate, sleep, within } from "../helpers/readGate.ts";
import { testBackends } from "../helpers/testBackends.ts";
import { group, openScreeningHarness, rule, type ScreeningHarness } from "./screeningHarness.ts";

describe.each(testBackends())("release cache (%s)", (backend) => {
  let h: ScreeningHarness;

  beforeAll(async () => {
    h = await openScreeningHarness(backend);
  });
  afterAll(async () => {
    await h?.close();
  });

  it("re-reads the release list after its TTL beside the screenings, which keep the list read before until the new one is in", async () => {
    const modelId = `CACHE${Date.now().toString(36)}`;
    await h.db
      .insertInto("detection_models")
      .values({ company_id: "DEMO", model_id: modelId, model_name: "release cache" })
      .execute();
    const publish = (code: string, minutesAgo: number) =>
      publishRelease(h.db, "DEMO", modelId, {
        kind: "normal",
        startsAt: new Date(h.clock.now().getTime() - minutesAgo * 60_000).toISOString(),
        groups: [
          group(code, 1, "HOLD", "OR", [
            rule(code, { kind: "amount", field: "amount", op: "gte", value: 0 }),
          ]),
        ],
      });
    // Release headers are the rows with starts_at and package_id.
    const gate = new ReadGate((row) => "starts_at" in row && "package_id" in row);
    // This server process's database handle (its own caches); h.db publishes as another process would.
    const here = h.db.withPlugin(gate);
    const decidingCode = async () =>
      (await activeReleases(here, "DEMO", modelId, h.clock.now())).normal?.groups[0]?.units[0]?.rules[0]
        ?.ruleCode;

    await publish("BEFORE", 60);
    expect(await decidingCode()).toBe("BEFORE");
    await publish("AFTER", 30);
    await sleep(HEADER_TTL_MS + 100);

    // The re-read is held: the screenings meanwhile answer at once, from the list read before, and
    // the list is read once, not once per screening.
    gate.close();
    try {
      const during = await within(1_000, Promise.all([decidingCode(), decidingCode(), decidingCode()]));
      expect(during).toEqual(["BEFORE", "BEFORE", "BEFORE"]);
      expect(gate.held).toBe(1);
    } finally {
      gate.release();
    }
    let code = await decidingCode();
    for (let wait = 0; code !== "AFTER" && wait < 100; wait++) {
      await sleep(50);
      code = await decidingCode();
    }
    expect(code).toBe("AFTER");
  });
});
