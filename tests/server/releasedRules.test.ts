import { afterAll, beforeAll, describe, expect, it } from "vitest";
import rulesEn from "../../src/app/i18n/locales/en/rules.json";
import rulesJa from "../../src/app/i18n/locales/ja/rules.json";
import { ERROR } from "../../src/contract/errors.ts";
import { messageText } from "../../src/contract/messages.ts";
import {
  detectionModelList,
  RELEASED_RULE_COLUMNS,
  RELEASED_RULE_CSV_COLUMNS,
  RELEASED_RULE_HEADERS,
  releasedRuleCsv,
  releasedRuleList,
} from "../../src/contract/releasedRules.ts";
import type { ReleaseDefinition } from "../../src/contract/rules.ts";
import type { Database } from "../../src/server/db/schema.ts";
import { call, createTestApp, loginAs, type Session, type TestApp } from "./helpers/testApp.ts";
import { type TestDb, testBackends } from "./helpers/testBackends.ts";

const MODEL = "RULELIST01";
const EMPTY_MODEL = "RULELIST02";
const ACME_MODEL = "ACMERULES";
/** A model whose releases the CSV tests change. */
const CSV_MODEL = "RULELIST03";
const HOUR = 60 * 60 * 1000;

let releaseSeq = 0;

/** Stores a release as the engine reads it: release, groups, units and rules (no HTTP, no engine). */
async function storeRelease(db: TestDb, companyId: string, modelId: string, release: ReleaseDefinition) {
  const packageId = `PKG_${modelId}`;
  await db
    .insertInto("rule_packages")
    .values({ company_id: companyId, package_id: packageId, model_id: modelId })
    .onConflict((conflict) => conflict.columns(["company_id", "package_id"]).doNothing())
    .execute();
  releaseSeq += 1;
  const releaseId = `R${String(releaseSeq).padStart(4, "0")}`;
  await db
    .insertInto("rule_releases")
    .values({
      company_id: companyId,
      release_id: releaseId,
      package_id: packageId,
      model_id: modelId,
      kind: release.kind,
      starts_at: new Date(release.startsAt),
      released_at: new Date(),
      released_by: null,
    })
    .execute();
  for (const [groupIndex, group] of release.groups.entries()) {
    const groupNo = groupIndex + 1;
    await db
      .insertInto("rule_groups")
      .values({
        company_id: companyId,
        release_id: releaseId,
        group_no: groupNo,
        group_name: group.groupName,
        priority: group.priority,
        judgement: group.judgement,
      })
      .execute();
    for (const unit of group.units) {
      await db
        .insertInto("rule_units")
        .values({
          company_id: companyId,
          release_id: releaseId,
          group_no: groupNo,
          unit_no: unit.unitNo,
          operator: unit.operator,
        })
        .execute();
      const rules: Database["rules"][] = unit.rules.map((rule, ruleIndex) => ({
        company_id: companyId,
        release_id: releaseId,
        group_no: groupNo,
        unit_no: unit.unitNo,
        rule_no: ruleIndex + 1,
        rule_code: rule.ruleCode,
        description: rule.description,
        condition: JSON.stringify(rule.condition),
      }));
      await db.insertInto("rules").values(rules).execute();
    }
  }
  return releaseId;
}

/** A one-rule release, enough to tell releases apart by the rule code. */
const singleRule = (
  kind: ReleaseDefinition["kind"],
  startsAt: Date,
  ruleCode: string,
): ReleaseDefinition => ({
  kind,
  startsAt: startsAt.toISOString(),
  groups: [
    {
      groupName: `group of ${ruleCode}`,
      priority: 1,
      judgement: "NG",
      units: [
        {
          unitNo: 1,
          operator: "AND",
          rules: [{ ruleCode, description: ruleCode, condition: { kind: "foreignIp" } }],
        },
      ],
    },
  ],
});

/** The release in force in these tests: groups and units stored out of order, every cell kind. */
const inForce = (startsAt: Date): ReleaseDefinition => ({
  kind: "normal",
  startsAt: startsAt.toISOString(),
  groups: [
    {
      groupName: "Velocity",
      priority: 2,
      judgement: "REVIEW",
      units: [
        {
          unitNo: 2,
          operator: "OR",
          rules: [
            {
              ruleCode: "NEG_TEL",
              description: "Purchaser tel on the negative list",
              condition: { kind: "negativeHit", party: "purchaser", item: "tel" },
            },
          ],
        },
        {
          unitNo: 1,
          operator: "AND",
          rules: [
            {
              ruleCode: "VEL_CARD",
              description: '=HYPERLINK("http://evil.example","click")',
              condition: {
                kind: "velocity",
                key: "cchash",
                measure: "count",
                window: { value: 24, unit: "hours" },
                op: "gte",
                value: 3,
              },
            },
            {
              ruleCode: "KW_ADDR",
              description: "送り先住所に要注意キーword",
              condition: {
                kind: "keywordHit",
                categoryId: "CAT_RL",
                target: "address",
                party: "shipping",
                match: "contains",
              },
            },
          ],
        },
      ],
    },
    {
      groupName: "高額",
      priority: 1,
      judgement: "NG",
      units: [
        {
          unitNo: 1,
          operator: "AND",
          rules: [
            {
              ruleCode: "AMT_100K",
              description: '高額決済 "要確認"',
              condition: { kind: "amount", field: "amount", op: "gt", value: 100_000 },
            },
          ],
        },
      ],
    },
  ],
});

describe.each(testBackends())("released rule list (%s)", (backend) => {
  let t: TestApp;
  let admin: Session;
  let viewer: Session;
  let reviewer: Session;
  let acme: Session;
  let inForceId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    await t.db
      .insertInto("detection_models")
      .values([
        { company_id: "DEMO", model_id: MODEL, model_name: "ルール一覧テスト" },
        { company_id: "DEMO", model_id: EMPTY_MODEL, model_name: "リリースなし" },
        { company_id: "DEMO", model_id: CSV_MODEL, model_name: "CSV test" },
        { company_id: "ACME", model_id: ACME_MODEL, model_name: "ACME rules" },
      ])
      .execute();
    await t.db
      .insertInto("keyword_categories")
      .values({ company_id: "DEMO", category_id: "CAT_RL", name: "要注意住所", target: "address" })
      .execute();
    const now = t.clock.now().getTime();
    await storeRelease(t.db, "DEMO", MODEL, singleRule("normal", new Date(now - 48 * HOUR), "OLDER_NORMAL"));
    inForceId = await storeRelease(t.db, "DEMO", MODEL, inForce(new Date(now - 24 * HOUR)));
    await storeRelease(t.db, "DEMO", MODEL, singleRule("simulation", new Date(now - HOUR), "SIMULATION"));
    await storeRelease(
      t.db,
      "DEMO",
      MODEL,
      singleRule("normal", new Date(now + 10 * 60_000), "FUTURE_NORMAL"),
    );
    await storeRelease(t.db, "ACME", ACME_MODEL, singleRule("normal", new Date(now - HOUR), "ACME_ONLY"));
    [admin, viewer, reviewer, acme] = await Promise.all([
      loginAs(t.app, "DEMO", "admin@demo.example"),
      loginAs(t.app, "DEMO", "viewer@demo.example"),
      loginAs(t.app, "DEMO", "reviewer@demo.example"),
      loginAs(t.app, "ACME", "admin@acme.example"),
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const listOf = async (session: Session, modelId: string, lang: "en" | "ja" = "en") => {
    const response = await call(t.app, releasedRuleList, { modelId }, { session, lang });
    return { status: response.statusCode, body: response.json() };
  };

  it("lists the tenant's detection models, never another tenant's", async () => {
    const response = await call(t.app, detectionModelList, {}, { session: viewer });
    expect(response.statusCode).toBe(200);
    const { models } = response.json().telegram as { models: { modelId: string; modelName: string }[] };
    expect(models).toEqual(
      expect.arrayContaining([
        { modelId: MODEL, modelName: "ルール一覧テスト" },
        { modelId: EMPTY_MODEL, modelName: "リリースなし" },
      ]),
    );
    expect(models.map((m) => m.modelId)).not.toContain(ACME_MODEL);
    const acmeModels = (await call(t.app, detectionModelList, {}, { session: acme })).json().telegram.models;
    expect(acmeModels.map((m: { modelId: string }) => m.modelId)).toContain(ACME_MODEL);
    expect(acmeModels.map((m: { modelId: string }) => m.modelId)).not.toContain(MODEL);
  });

  it("shows the latest started Normal release, not an older Normal, a future Normal or a Simulation", async () => {
    const { status, body } = await listOf(viewer, MODEL);
    expect(status).toBe(200);
    expect(body.telegram.modelId).toBe(MODEL);
    expect(body.telegram.releaseId).toBe(inForceId);
    expect(new Date(body.telegram.startsAt).getTime()).toBe(t.clock.now().getTime() - 24 * HOUR);
    // Sorted by priority, then unit, then rule.
    expect(body.telegram.rules).toEqual([
      {
        groupName: "高額",
        priority: 1,
        judgement: "NG",
        unitNo: 1,
        unitOperator: "AND",
        threshold: "amount > 100,000",
        ruleDescription: '高額決済 "要確認"',
        ruleCode: "AMT_100K",
      },
      {
        groupName: "Velocity",
        priority: 2,
        judgement: "REVIEW",
        unitNo: 1,
        unitOperator: "AND",
        threshold: "velocity: count of events sharing card hash within 24 hours >= 3",
        ruleDescription: '=HYPERLINK("http://evil.example","click")',
        ruleCode: "VEL_CARD",
      },
      {
        groupName: "Velocity",
        priority: 2,
        judgement: "REVIEW",
        unitNo: 1,
        unitOperator: "AND",
        threshold: 'keyword hit: shipping address contains a keyword of "要注意住所"',
        ruleDescription: "送り先住所に要注意キーword",
        ruleCode: "KW_ADDR",
      },
      {
        groupName: "Velocity",
        priority: 2,
        judgement: "REVIEW",
        unitNo: 2,
        unitOperator: "OR",
        threshold: "negative hit: purchaser tel",
        ruleDescription: "Purchaser tel on the negative list",
        ruleCode: "NEG_TEL",
      },
    ]);
  });

  it("renders the threshold in the request's language", async () => {
    const { body } = await listOf(admin, MODEL, "ja");
    expect(body.telegram.rules.map((rule: { threshold: string }) => rule.threshold)).toEqual([
      "金額 > 100,000",
      "ベロシティ: カードハッシュが同じイベントの件数（24時間以内） >= 3",
      "キーワード該当: 配送先 住所が「要注意住所」のキーワードを含む",
      "ネガティブ該当: 購入者 電話番号",
    ]);
  });

  it("answers 676 for a model without a release, and for another tenant's model", async () => {
    for (const [session, modelId] of [
      [viewer, EMPTY_MODEL],
      [acme, MODEL],
      [viewer, ACME_MODEL],
      [viewer, "NO_SUCH_MODEL"],
    ] as const) {
      for (const [spec, telegram] of [
        [releasedRuleList, { modelId }],
        [releasedRuleCsv, { modelId, releaseId: inForceId }],
      ] as const) {
        const response = await call(t.app, spec, telegram, { session });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          result: "20",
          messages: [],
          errors: [{ code: ERROR.noDataFound, message: messageText("en", "no.676") }],
          telegram: null,
        });
      }
    }
    const ja = await call(t.app, releasedRuleList, { modelId: EMPTY_MODEL }, { session: viewer, lang: "ja" });
    expect(ja.json().errors).toEqual([{ code: ERROR.noDataFound, message: "該当するデータがありません" }]);
  });

  it("lets the viewer and the reviewer read and export (readable is enough)", async () => {
    for (const session of [viewer, reviewer, admin]) {
      expect((await listOf(session, MODEL)).body.telegram.rules).toHaveLength(4);
      const csv = await call(t.app, releasedRuleCsv, { modelId: MODEL, releaseId: inForceId }, { session });
      expect(csv.statusCode).toBe(200);
      expect(csv.json().telegram.content.startsWith("\uFEFF")).toBe(true);
    }
  });

  it("writes the CSV exactly: BOM, header in the operator's language, CRLF, Excel-safe cells", async () => {
    const en = (
      await call(t.app, releasedRuleCsv, { modelId: MODEL, releaseId: inForceId }, { session: viewer })
    ).json().telegram;
    // Named after the release's start (Japan time, to the minute), not the time of the export.
    const startsInJapan = new Date(t.clock.now().getTime() - 24 * HOUR + 9 * HOUR).toISOString();
    expect(en.fileName).toBe(
      `releasedRuleList_RULELIST01_${startsInJapan.replace(/\D/g, "").slice(0, 12)}.csv`,
    );
    // Every row starts with the detection model as the screen's chooser shows it.
    const model = "ルール一覧テスト (RULELIST01)";
    const expectedEn = [
      "Detection model,Group name,Priority,Judgement,Unit number,Unit operator,Threshold,Rule description,Rule code",
      `${model},高額,1,NG,1,AND,"amount > 100,000","高額決済 ""要確認""",AMT_100K`,
      `${model},Velocity,2,REVIEW,1,AND,velocity: count of events sharing card hash within 24 hours >= 3,` +
        '"\'=HYPERLINK(""http://evil.example"",""click"")",VEL_CARD',
      `${model},Velocity,2,REVIEW,1,AND,"keyword hit: shipping address contains a keyword of ""要注意住所""",送り先住所に要注意キーword,KW_ADDR`,
      `${model},Velocity,2,REVIEW,2,OR,negative hit: purchaser tel,Purchaser tel on the negative list,NEG_TEL`,
    ];
    expect(Buffer.from(en.content, "utf8")).toEqual(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${expectedEn.join("\r\n")}\r\n`, "utf8")]),
    );

    const ja = (
      await call(
        t.app,
        releasedRuleCsv,
        { modelId: MODEL, releaseId: inForceId },
        { session: viewer, lang: "ja" },
      )
    ).json().telegram;
    const lines = (ja.content as string).split("\r\n");
    expect(lines[0]).toBe(
      "\uFEFF検知モデル,グループ名,優先度,判定,ユニット番号,ユニット演算子,閾値,ルール説明,ルールコード",
    );
    expect(lines[1]).toBe(`${model},高額,1,NG,1,AND,"金額 > 100,000","高額決済 ""要確認""",AMT_100K`);
    expect(lines.at(-1)).toBe("");
  });

  it("uses the screen's labels as the CSV header: the model chooser's, then the table's columns", () => {
    expect(RELEASED_RULE_CSV_COLUMNS).toEqual(["detectionModel", ...RELEASED_RULE_COLUMNS]);
    expect(RELEASED_RULE_HEADERS.en.detectionModel).toBe("Detection model");
    for (const [lang, labels] of [
      ["en", rulesEn],
      ["ja", rulesJa],
    ] as const) {
      expect(RELEASED_RULE_CSV_COLUMNS.map((column) => RELEASED_RULE_HEADERS[lang][column])).toEqual([
        labels.model,
        ...RELEASED_RULE_COLUMNS.map((column) => labels.columns[column]),
      ]);
    }
  });

  it("refuses a missing model ID and unknown keys, and needs a session", async () => {
    const missing = await call(t.app, releasedRuleList, { modelId: " " }, { session: viewer });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ code: ERROR.validation, field: "telegram.modelId" });
    const named = await call(
      t.app,
      releasedRuleList,
      { modelId: MODEL, companyId: "ACME" },
      { session: acme },
    );
    expect(named.statusCode).toBe(400);
    expect(named.json().errors[0].code).toBe(ERROR.unknownKey);
    const anonymous = await call(t.app, releasedRuleCsv, { modelId: MODEL, releaseId: inForceId });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().errors[0].code).toBe(ERROR.invalidToken);
    // Naming another company in info.shopId is refused before anything is read.
    const forged = await call(t.app, releasedRuleList, { modelId: MODEL }, { session: acme, shopId: "DEMO" });
    expect(forged.statusCode).toBe(403);
  });
  it("names the CSV after its release's start in Japan time, and refuses 015 once another is in force", async () => {
    // 15:05 UTC on New Year's Eve is 00:05 on 1 January in Japan: the date and the year move on.
    const first = await storeRelease(
      t.db,
      "DEMO",
      CSV_MODEL,
      singleRule("normal", new Date("2025-12-31T15:05:42.000Z"), "CSV_FIRST"),
    );
    const shown = (await listOf(viewer, CSV_MODEL)).body.telegram;
    expect(shown.releaseId).toBe(first);
    const csvOf = (releaseId: string) =>
      call(t.app, releasedRuleCsv, { modelId: CSV_MODEL, releaseId }, { session: viewer });
    const made = await csvOf(first);
    expect(made.statusCode).toBe(200);
    expect(made.json().telegram.fileName).toBe("releasedRuleList_RULELIST03_202601010005.csv");
    expect(made.json().telegram.content).toContain("CSV_FIRST");

    // Another release started since the list was shown: its rules are not written as the shown one's.
    const second = await storeRelease(
      t.db,
      "DEMO",
      CSV_MODEL,
      singleRule("normal", new Date(t.clock.now().getTime() - 60_000), "CSV_SECOND"),
    );
    const stale = await csvOf(first);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      result: "20",
      messages: [],
      errors: [{ code: ERROR.conflict, message: messageText("en", "no.015") }],
      telegram: null,
    });
    // Reloaded, the list shows the new release, whose file is made.
    expect((await listOf(viewer, CSV_MODEL)).body.telegram.releaseId).toBe(second);
    const fresh = await csvOf(second);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().telegram.content).toContain("CSV_SECOND");
    expect(fresh.json().telegram.content).not.toContain("CSV_FIRST");
    // A release never in force (or made up) is refused the same way.
    expect((await csvOf("R_NONE")).statusCode).toBe(409);
    // The release ID is required.
    const missing = await call(t.app, releasedRuleCsv, { modelId: CSV_MODEL }, { session: viewer });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ code: ERROR.validation, field: "telegram.releaseId" });
  });

  // Last: it moves the clock on (less than the 30-minute idle timeout, so the sessions live on).
  it("follows the clock: once the future Normal starts, it is the one shown", async () => {
    t.clock.advanceMinutes(11);
    const { body } = await listOf(viewer, MODEL);
    expect(body.telegram.rules.map((rule: { ruleCode: string }) => rule.ruleCode)).toEqual(["FUTURE_NORMAL"]);
  });
});
