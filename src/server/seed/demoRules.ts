import { type ReleaseDefinition, releaseSchema } from "../../contract/rules.ts";

/**
 * The demo tenants' rule package: six groups, about thirty rules, every condition kind of
 * src/contract/rules.ts, AND and OR units. The Normal release decides; the Simulation release is a
 * stricter variant the shop is trying out in shadow. Keyword category IDs are those of demoLists.ts.
 */

export const DEMO_KEYWORD_CATEGORY = {
  address: "KW_ADDRESS",
  itemName: "KW_ITEM",
  mailDomain: "KW_MAIL_DOMAIN",
  company: "KW_COMPANY",
  deliveryCompany: "KW_DELIVERY",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

const groups = (variant: "normal" | "simulation"): ReleaseDefinition["groups"] => {
  const strict = variant === "simulation";
  return [
    {
      groupName: "ネガティブ一致",
      priority: 1,
      judgement: "NG",
      units: [
        {
          unitNo: 1,
          operator: "OR",
          rules: [
            {
              ruleCode: "NEG_CARD",
              description: "購入者のカード番号ハッシュがネガティブ登録されている",
              condition: { kind: "negativeHit", party: "purchaser", item: "cchash" },
            },
            {
              ruleCode: "NEG_DEVICE",
              description: "購入者の端末IDがネガティブ登録されている",
              condition: { kind: "negativeHit", party: "purchaser", item: "deviceId" },
            },
            {
              ruleCode: "NEG_TEL",
              description: "購入者の電話番号がネガティブ登録されている",
              condition: { kind: "negativeHit", party: "purchaser", item: "tel" },
            },
            {
              ruleCode: "NEG_MOBILE_TEL",
              description: "購入者の携帯電話番号がネガティブ登録されている",
              condition: { kind: "negativeHit", party: "purchaser", item: "mobileTel" },
            },
            {
              ruleCode: "NEG_MAIL",
              description: "購入者のメールアカウントがネガティブ登録されている",
              condition: { kind: "negativeHit", party: "purchaser", item: "mailAccount" },
            },
            {
              ruleCode: "NEG_NAME",
              description: "購入者の氏名がネガティブ登録されている",
              condition: { kind: "negativeHit", party: "purchaser", item: "name" },
            },
            {
              ruleCode: "NEG_IP",
              description: "購入者のIPアドレスがネガティブ登録されている",
              condition: { kind: "negativeHit", party: "purchaser", item: "ipaddress" },
            },
            {
              ruleCode: "NEG_SHIP_ADDRESS",
              description: "配送先住所がネガティブ登録されている",
              condition: { kind: "negativeHit", party: "shipping", item: "address" },
            },
            {
              ruleCode: "NEG_SHIP_TEL",
              description: "配送先電話番号がネガティブ登録されている",
              condition: { kind: "negativeHit", party: "shipping", item: "tel" },
            },
          ],
        },
        {
          // A blocked domain alone is not enough; with a blocked postcode it is one of the rings.
          unitNo: 2,
          operator: "AND",
          rules: [
            {
              ruleCode: "NEG_MAIL_DOMAIN",
              description: "購入者のメールドメインがネガティブ登録されている",
              condition: { kind: "negativeHit", party: "purchaser", item: "mailDomain" },
            },
            {
              ruleCode: "NEG_SHIP_ZIP",
              description: "配送先郵便番号がネガティブ登録されている",
              condition: { kind: "negativeHit", party: "shipping", item: "zipcode" },
            },
          ],
        },
      ],
    },
    {
      groupName: "ベロシティ",
      priority: 2,
      judgement: "HOLD",
      units: [
        {
          unitNo: 1,
          operator: "OR",
          rules: [
            {
              ruleCode: "VEL_CARD_1H",
              description: "同一カードで1時間以内に3件以上の取引",
              condition: {
                kind: "velocity",
                key: "cchash",
                measure: "count",
                window: { value: 1, unit: "hours" },
                op: "gte",
                value: strict ? 2 : 3,
              },
            },
            {
              ruleCode: "VEL_DEVICE_24H",
              description: "同一端末で24時間以内に5件以上の取引",
              condition: {
                kind: "velocity",
                key: "deviceId",
                measure: "count",
                window: { value: 24, unit: "hours" },
                op: "gte",
                value: strict ? 4 : 5,
              },
            },
            {
              ruleCode: "VEL_IP_30M",
              description: "同一IPアドレスから30分以内に6件以上の取引",
              condition: {
                kind: "velocity",
                key: "ipaddress",
                measure: "count",
                window: { value: 30, unit: "minutes" },
                op: "gte",
                value: 6,
              },
            },
            {
              ruleCode: "VEL_MAIL_AMOUNT_7D",
              description: "同一メールアドレスで7日以内の合計金額が30万円以上",
              condition: {
                kind: "velocity",
                key: "mail",
                measure: "amount",
                window: { value: 7, unit: "days" },
                op: "gte",
                value: 300_000,
              },
            },
            {
              ruleCode: "VEL_TEL_1D",
              description: "同一電話番号で1日以内に4件以上の取引",
              condition: {
                kind: "velocity",
                key: "tel",
                measure: "count",
                window: { value: 1, unit: "days" },
                op: "gte",
                value: 4,
              },
            },
            {
              ruleCode: "VEL_ADDRESS_3D",
              description: "同一住所で3日以内に6件以上の取引",
              condition: {
                kind: "velocity",
                key: "address",
                measure: "count",
                window: { value: 3, unit: "days" },
                op: "gte",
                value: 6,
              },
            },
          ],
        },
      ],
    },
    {
      groupName: "高額・転売リスク",
      priority: 3,
      judgement: "REVIEW",
      units: [
        {
          unitNo: 1,
          operator: "AND",
          rules: [
            {
              ruleCode: "HIGH_TOTAL_NEW",
              description: "初回購入で合計金額が15万円以上",
              condition: {
                kind: "amount",
                field: "totalAmount",
                op: "gte",
                value: strict ? 100_000 : 150_000,
              },
            },
            {
              ruleCode: "HIGH_TOTAL_FIRST",
              description: "初回購入の顧客",
              condition: { kind: "firstTimeCustomer" },
            },
          ],
        },
        {
          unitNo: 2,
          operator: "AND",
          rules: [
            {
              ruleCode: "RESALE_CATEGORY",
              description: "換金性の高い商品カテゴリ（ギフトカード・家電）",
              condition: { kind: "itemCategory", values: ["ギフトカード", "家電", "ゲーム機"] },
            },
            {
              ruleCode: "RESALE_QUANTITY",
              description: "同一商品を3個以上購入",
              condition: { kind: "itemQuantity", op: "gte", value: 3 },
            },
          ],
        },
        {
          unitNo: 3,
          operator: "AND",
          rules: [
            {
              ruleCode: "RESALE_IPHONE",
              description: "商品名にiPhoneを含む",
              condition: { kind: "itemName", match: "contains", value: "iPhone" },
            },
            {
              ruleCode: "RESALE_UNIT_PRICE",
              description: "単価が10万円以上の商品",
              condition: { kind: "itemPrice", op: "gte", value: 100_000 },
            },
          ],
        },
        {
          unitNo: 4,
          operator: "AND",
          rules: [
            {
              ruleCode: "RESALE_PREORDER",
              description: "予約商品（商品名が【予約】で始まる）",
              condition: { kind: "itemName", match: "prefix", value: "【予約】" },
            },
            {
              ruleCode: "RESALE_AMOUNT",
              description: "決済金額が5万円以上",
              condition: { kind: "amount", field: "amount", op: "gte", value: 50_000 },
            },
          ],
        },
      ],
    },
    {
      groupName: "不審な配送先",
      priority: 4,
      judgement: "REVIEW",
      units: [
        {
          unitNo: 1,
          operator: "AND",
          rules: [
            {
              ruleCode: "SHIP_MISMATCH",
              description: "購入者住所と配送先住所が異なる",
              condition: { kind: "addressMismatch" },
            },
            {
              ruleCode: "SHIP_FORWARDING",
              description: "配送先住所に転送・私書箱のキーワードを含む",
              condition: {
                kind: "keywordHit",
                categoryId: DEMO_KEYWORD_CATEGORY.address,
                target: "address",
                party: "shipping",
                match: "contains",
              },
            },
          ],
        },
        {
          unitNo: 2,
          operator: "OR",
          rules: [
            {
              ruleCode: "SHIP_DEPOT",
              description: "配送業者の営業所止め・コンビニ受取",
              condition: {
                kind: "keywordHit",
                categoryId: DEMO_KEYWORD_CATEGORY.deliveryCompany,
                target: "deliveryCompany",
                party: "shipping",
                match: "contains",
              },
            },
          ],
        },
      ],
    },
    {
      groupName: "海外・深夜アクセス",
      priority: 5,
      judgement: "REVIEW",
      units: [
        {
          unitNo: 1,
          operator: "AND",
          rules: [
            {
              ruleCode: "GEO_FOREIGN_IP",
              description: "国外のIPアドレスからのアクセス",
              condition: { kind: "foreignIp" },
            },
            {
              ruleCode: "GEO_FOREIGN_AMOUNT",
              description: "国外アクセスで決済金額が2万円以上",
              condition: { kind: "amount", field: "amount", op: "gte", value: 20_000 },
            },
          ],
        },
        {
          unitNo: 2,
          operator: "AND",
          rules: [
            {
              ruleCode: "NIGHT_ACCESS",
              description: "深夜（2時〜4時台）の注文",
              condition: { kind: "hourOfDay", from: 2, to: strict ? 5 : 4 },
            },
            {
              ruleCode: "NIGHT_FIRST",
              description: "深夜の初回購入",
              condition: { kind: "firstTimeCustomer" },
            },
            {
              ruleCode: "NIGHT_AMOUNT",
              description: "深夜の初回購入で決済金額が3万円以上",
              condition: { kind: "amount", field: "amount", op: "gte", value: 30_000 },
            },
          ],
        },
      ],
    },
    {
      groupName: "キーワード",
      priority: 6,
      judgement: "HOLD",
      units: [
        {
          unitNo: 1,
          operator: "OR",
          rules: [
            {
              ruleCode: "KW_ITEM_CASHABLE",
              description: "商品名に換金性の高いキーワード（ギフトカード・電子マネー等）",
              condition: {
                kind: "keywordHit",
                categoryId: DEMO_KEYWORD_CATEGORY.itemName,
                target: "itemName",
                match: "contains",
              },
            },
            {
              ruleCode: "KW_DISPOSABLE_MAIL",
              description: "使い捨てメールドメインの利用",
              condition: {
                kind: "keywordHit",
                categoryId: DEMO_KEYWORD_CATEGORY.mailDomain,
                target: "mailDomain",
                party: "purchaser",
                match: "prefix",
              },
            },
            {
              ruleCode: "KW_COMPANY",
              description: "会社名に要注意キーワードを含む",
              condition: {
                kind: "keywordHit",
                categoryId: DEMO_KEYWORD_CATEGORY.company,
                target: "company",
                party: "purchaser",
                match: "contains",
              },
            },
          ],
        },
      ],
    },
  ];
};

/** The Normal release (started 6 months ago) and its Simulation variant (started 1 month ago). */
export function demoReleases(now: Date): { normal: ReleaseDefinition; simulation: ReleaseDefinition } {
  const normal = releaseSchema.parse({
    kind: "normal",
    startsAt: new Date(now.getTime() - 183 * DAY_MS).toISOString(),
    groups: groups("normal"),
  });
  const simulation = releaseSchema.parse({
    kind: "simulation",
    startsAt: new Date(now.getTime() - 30 * DAY_MS).toISOString(),
    groups: groups("simulation"),
  });
  return { normal, simulation };
}
