import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Lang } from "../../../src/contract/envelope.ts";
import { messageText } from "../../../src/contract/messages.ts";
import { cardSchema, transactionSchema } from "../../../src/contract/screening.ts";
import { settleStatusRequestSchema } from "../../../src/contract/screeningApi.ts";
import {
  companyIdField,
  emailField,
  fieldErrors,
  fieldErrorsIn,
  issue,
  issueMessage,
  memoField,
  operatorNameField,
  optionalText,
  passwordField,
  requiredText,
  rules,
} from "../../../src/contract/validation.ts";

// The texts the user sees, proven through the zod fields and issueMessage / fieldErrors.

/** Messages of a failed parse of one field, in the given language. */
function messagesOf(schema: z.ZodType, value: unknown, lang: Lang): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => issueMessage(lang, i));
}

const accepts = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

describe("the spec's English texts through the zod fields", () => {
  it.each<[string, z.ZodType, unknown, string, string]>([
    [
      "password with 1 kind",
      passwordField,
      "abcdefgh",
      "must use at least 3 types of characters",
      "3種類以上の文字を使用してください",
    ],
    [
      "password with 2 kinds",
      passwordField,
      "abcdefg1",
      "must use at least 3 types of characters",
      "3種類以上の文字を使用してください",
    ],
    [
      "password of 21 characters",
      passwordField,
      "Abcdef1!".padEnd(21, "x"),
      "must use at least 3 types of characters",
      "3種類以上の文字を使用してください",
    ],
    ["empty password", passwordField, "", "This is a required field", "必須項目です"],
    [
      "operator name of 31 characters",
      operatorNameField,
      "a".repeat(31),
      "must be at most 30 characters",
      "30文字以内で入力してください",
    ],
    [
      "requiredText(30) of 31 characters",
      requiredText(30),
      "あ".repeat(31),
      "must be at most 30 characters",
      "30文字以内で入力してください",
    ],
    ["requiredText(30) empty", requiredText(30), "", "This is a required field", "必須項目です"],
    ["requiredText(30) blank", requiredText(30), "   ", "This is a required field", "必須項目です"],
    [
      "company ID of 51 characters",
      companyIdField,
      "a".repeat(51),
      "must be at most 50 characters",
      "50文字以内で入力してください",
    ],
    [
      "company ID with a hyphen",
      companyIdField,
      "acme-01",
      "must contain only alphanumeric characters",
      "半角英数字のみで入力してください",
    ],
    ["empty company ID", companyIdField, "", "This is a required field", "必須項目です"],
    [
      "e-mail without a dot",
      emailField,
      "user@example",
      "not a valid email address.",
      "正しいメールアドレスではありません。",
    ],
    [
      "e-mail with a space",
      emailField,
      "us er@example.com",
      "not a valid email address.",
      "正しいメールアドレスではありません。",
    ],
    [
      "memo of 501 characters",
      memoField,
      "m".repeat(501),
      "must be at most 500 characters",
      "500文字以内で入力してください",
    ],
  ])("%s", (_name, schema, value, en, ja) => {
    expect(messagesOf(schema, value, "en")).toEqual([en]);
    expect(messagesOf(schema, value, "ja")).toEqual([ja]);
  });

  it("counts characters, not UTF-16 units: an emoji or 𠮷 is one character", () => {
    expect(accepts(requiredText(3), "𠮷野家")).toBe(true);
    expect(accepts(optionalText(3), "🍣🍣🍣")).toBe(true);
    expect(messagesOf(optionalText(3), "🍣🍣🍣🍣", "en")).toEqual(["must be at most 3 characters"]);
    expect(accepts(memoField, "🍣".repeat(500))).toBe(true);
    expect(accepts(memoField, "🍣".repeat(501))).toBe(false);
  });

  it("accepts the values at the boundaries", () => {
    expect(accepts(passwordField, "Abcdefg1")).toBe(true);
    expect(accepts(passwordField, "Abcdef1!".padEnd(20, "x"))).toBe(true);
    expect(accepts(requiredText(30), "あ".repeat(30))).toBe(true);
    expect(accepts(operatorNameField, "a".repeat(30))).toBe(true);
    expect(accepts(companyIdField, "A".repeat(50))).toBe(true);
    expect(accepts(emailField, "user@example.com")).toBe(true);
    expect(accepts(memoField, "m".repeat(500))).toBe(true);
    expect(accepts(memoField, "")).toBe(true);
    expect(accepts(optionalText(3), "abc")).toBe(true);
  });

  it("trims text before checking it (spec section 5)", () => {
    expect(requiredText(3).parse("  abc  ")).toBe("abc");
    expect(companyIdField.parse(" acme01 ")).toBe("acme01");
    expect(memoField.parse(" note ")).toBe("note");
    expect(accepts(requiredText(3), " abcd ")).toBe(false);
  });

  it("gives an empty value one message, not one per rule", () => {
    expect(messagesOf(passwordField, "", "en")).toEqual(["This is a required field"]);
    expect(messagesOf(companyIdField, "", "en")).toEqual(["This is a required field"]);
    expect(messagesOf(emailField, " ", "en")).toEqual(["This is a required field"]);
  });
});

describe("rule fields built with issue() carry their texts and parameters", () => {
  const cases: [string, z.ZodType, unknown, string, string][] = [
    [
      "ipAddressV4",
      z.string().refine(rules.ipAddressV4, issue("ipAddressV4")),
      "256.0.0.1",
      "has an incorrect format",
      "形式が正しくありません",
    ],
    [
      "ipAddressV4Subnet",
      z.string().refine(rules.ipAddressV4Subnet, issue("ipAddressV4Subnet")),
      "33",
      "The subnet must be between 0 and 32.",
      "サブネットは0から32の間で入力してください。",
    ],
    [
      "uniqueIpAddress",
      z.string().refine((v) => rules.uniqueIpAddress(v, ["10.0.0.1"]), issue("uniqueIpAddress")),
      "10.0.0.1",
      "It is already added.",
      "既に追加されています。",
    ],
    [
      "dateTimeSelectionField",
      z
        .object({ date: z.string(), time: z.string() })
        .refine((v) => rules.dateTimeSelectionField(v.time, [v.date]), {
          ...issue("dateTimeSelectionField"),
          path: ["time"],
        }),
      { date: "2024-01-01", time: "" },
      "The date and time are a set.",
      "日付と時刻はセットで入力してください。",
    ],
    [
      "maxValueBigint",
      z.string().refine((v) => rules.maxValueBigint(v, 100n), issue("maxValueBigint", { max: "100" })),
      "101",
      "must be less than or equal to 100",
      "100以下で入力してください",
    ],
    [
      "customEmail",
      z.string().refine(rules.customEmail, issue("customEmail")),
      "nobody",
      "not a valid email address.",
      "正しいメールアドレスではありません。",
    ],
    [
      "dateFormat",
      z
        .string()
        .refine((v) => rules.dateFormat(v, "yyyy/MM/dd"), issue("dateFormat", { format: "yyyy/MM/dd" })),
      "2024-01-01",
      "must be a date in the format yyyy/MM/dd",
      "yyyy/MM/dd形式の日付を入力してください",
    ],
    [
      "delimiterItemMax",
      z.string().refine((v) => rules.delimiterItemMax(v, 20), issue("delimiterItemMax", { max: 20 })),
      "0".repeat(21),
      "Each item must be at most 20 characters.",
      "各項目は20文字以内で入力してください。",
    ],
  ];

  it.each(cases)("%s", (_name, schema, value, en, ja) => {
    expect(messagesOf(schema, value, "en")).toEqual([en]);
    expect(messagesOf(schema, value, "ja")).toEqual([ja]);
  });
});

describe("issueMessage for zod's own issues", () => {
  const form = z.object({ name: requiredText(30), password: passwordField }).strict();

  it("a missing field is a required field, in both languages", () => {
    const error = form.safeParse({ password: "Abcdefg1" }).error;
    expect(error).toBeDefined();
    if (!error) return;
    expect(fieldErrors("en", error)).toEqual([{ field: "name", message: "This is a required field" }]);
    expect(fieldErrors("ja", error)).toEqual([{ field: "name", message: "必須項目です" }]);
  });

  it("a null field is refused as null, whether the field is required or optional", () => {
    expect(messagesOf(form, { name: null, password: "Abcdefg1" }, "en")).toEqual(["must not be null"]);
    const optional = z.object({ memo: z.string().optional(), items: z.array(z.string()).default([]) });
    expect(messagesOf(optional, { memo: null, items: null }, "ja")).toEqual([
      "nullは指定できません",
      "nullは指定できません",
    ]);
    // Also when zod reports the input.
    const reported = optional.safeParse({ memo: null }, { reportInput: true });
    expect(reported.error?.issues.map((i) => issueMessage("en", i))).toEqual(["must not be null"]);
  });

  it("a value of the wrong type is not reported as missing: the type the field takes is named", () => {
    expect(messagesOf(form, { name: 5, password: "Abcdefg1" }, "en")).toEqual(["must be text"]);
    expect(messagesOf(form, { name: ["x"], password: "Abcdefg1" }, "ja")).toEqual([
      "文字列で入力してください",
    ]);
    expect(messagesOf(z.number().int(), "12", "en")).toEqual(["must be a number"]);
    expect(messagesOf(z.boolean(), "true", "ja")).toEqual(["trueまたはfalseで入力してください"]);
    expect(messagesOf(z.array(z.string()), "a", "en")).toEqual(["must be a list"]);
    expect(messagesOf(z.object({}), [], "en")).toEqual(["must be an object"]);
  });

  it("a missing field is still a required field when zod reports the input", () => {
    const result = form.safeParse({ password: "Abcdefg1" }, { reportInput: true });
    expect(result.error?.issues.map((i) => issueMessage("en", i))).toEqual(["This is a required field"]);
    const typed = form.safeParse({ name: 5, password: "Abcdefg1" }, { reportInput: true });
    expect(typed.error?.issues.map((i) => issueMessage("en", i))).toEqual(["must be text"]);
  });

  it("an unknown key names the key", () => {
    expect(messagesOf(form, { name: "a", password: "Abcdefg1", extra: 1 }, "en")).toEqual([
      "Unknown item: extra",
    ]);
    expect(messagesOf(form, { name: "a", password: "Abcdefg1", extra: 1 }, "ja")).toEqual([
      "不明な項目です：extra",
    ]);
  });

  it("names at most ten unknown keys, each cut at 64 characters, and counts the rest", () => {
    const extra = Object.fromEntries(Array.from({ length: 30_000 }, (_, n) => [`k${n}`, 1]));
    const [message = ""] = messagesOf(form, { name: "a", password: "Abcdefg1", ...extra }, "en");
    expect(message).toBe("Unknown item: k0, k1, k2, k3, k4, k5, k6, k7, k8, k9, … (+29,990)");
    const long = "x".repeat(5_000);
    expect(messagesOf(form, { name: "a", password: "Abcdefg1", [long]: 1 }, "ja")).toEqual([
      `不明な項目です：${"x".repeat(64)}…`,
    ]);
  });

  it("plain min and max checks get the generic min and max texts with their numbers", () => {
    expect(messagesOf(z.string().min(3), "ab", "en")).toEqual(["must be at least 3 characters"]);
    expect(messagesOf(z.string().min(3), "ab", "ja")).toEqual(["3文字以上で入力してください"]);
    expect(messagesOf(z.string().min(1), "", "en")).toEqual(["This is a required field"]);
    expect(messagesOf(z.string().max(5), "abcdef", "en")).toEqual(["must be at most 5 characters"]);
    expect(messagesOf(z.string().max(5), "abcdef", "ja")).toEqual(["5文字以内で入力してください"]);
  });

  it("number and list limits are worded as values and counts, not characters", () => {
    expect(messagesOf(z.number().int().max(999), 1000, "en")).toEqual(["must be less than or equal to 999"]);
    expect(messagesOf(z.number().int().max(999), 1000, "ja")).toEqual(["999以下で入力してください"]);
    expect(messagesOf(z.number().min(1), 0, "en")).toEqual(["must be greater than or equal to 1"]);
    expect(messagesOf(z.number().min(1), 0, "ja")).toEqual(["1以上で入力してください"]);
    expect(messagesOf(z.array(z.string()).max(2), ["a", "b", "c"], "en")).toEqual([
      "Up to 2 values can be entered.",
    ]);
  });

  it("a value outside its few choices names them; outside many, it is an invalid value", () => {
    expect(messagesOf(z.enum(["0", "1"]), "2", "en")).toEqual(["must be one of 0, 1"]);
    expect(messagesOf(z.enum(["10", "20", "30", "40"]), undefined, "ja")).toEqual([
      "10, 20, 30, 40のいずれかを入力してください",
    ]);
    expect(messagesOf(z.union([z.literal(50), z.literal(100)]), 70, "ja")).toEqual(["値が正しくありません"]);
    const many = Array.from({ length: 9 }, (_, n) => `f${n}`) as [string, ...string[]];
    expect(messagesOf(z.enum(many), "x", "en")).toEqual(["has an invalid value"]);
  });

  it("fieldErrors gives a dotted path into nested objects and arrays, one entry per issue", () => {
    const schema = z.object({
      entries: z.array(z.object({ ip: z.string().refine(rules.ipAddressV4, issue("ipAddressV4")) })),
      memo: memoField,
    });
    const error = schema.safeParse({
      entries: [{ ip: "10.0.0.1" }, { ip: "10.0.0" }],
      memo: "x".repeat(501),
    }).error;
    expect(error).toBeDefined();
    if (!error) return;
    expect(fieldErrors("en", error)).toEqual([
      { field: "entries.1.ip", message: "has an incorrect format" },
      { field: "memo", message: "must be at most 500 characters" },
    ]);
  });

  it("fieldErrorsIn asks the given catalogue (the browser's i18next) for the same keys and parameters", () => {
    const error = z
      .object({ memo: memoField, ip: z.string().refine(rules.ipAddressV4, issue("ipAddressV4")) })
      .safeParse({ memo: "x".repeat(501), ip: "10.0.0" }).error;
    expect(error).toBeDefined();
    if (!error) return;
    const asked: string[] = [];
    const text = (key: string, params?: Record<string, string | number>) => {
      asked.push(`${key} ${JSON.stringify(params ?? {})}`);
      return messageText("ja", key as Parameters<typeof messageText>[1], params);
    };
    expect(fieldErrorsIn(text, error)).toEqual(fieldErrors("ja", error));
    expect(asked).toEqual(['validation.max {"max":500}', "validation.ipAddressV4 {}"]);
  });
});

describe("catalogue texts of section 5 fields", () => {
  it.each<[Parameters<typeof messageText>[1], string, string]>([
    ["validation.csvRequired", "This is a required field", "必須項目です"],
    ["validation.csvExtension", "Invalid file extension", "ファイルの拡張子が正しくありません"],
    ["no.676", "No relevant data found", "該当するデータがありません"],
    [
      "no.902",
      "No item selected for update. Please select at least one.",
      "更新する項目が選択されていません。1つ以上選択してください。",
    ],
  ])("%s", (key, en, ja) => {
    expect(messageText("en", key)).toBe(en);
    expect(messageText("ja", key)).toBe(ja);
  });
});

describe("the screening API's field messages say what the field takes", () => {
  const fieldMessages = (schema: z.ZodType, value: unknown, lang: Lang) => {
    const result = schema.safeParse(value);
    return result.success ? [] : fieldErrors(lang, result.error);
  };

  it("a card's BIN and expiry name their digits and format", () => {
    expect(fieldMessages(cardSchema, { bincode: "41111", expirationDate: "2026-12" }, "en")).toEqual([
      { field: "bincode", message: "must be 6 to 8 digits" },
      { field: "expirationDate", message: "must be a date in the format MM/YY" },
    ]);
    expect(fieldMessages(cardSchema, { expirationDate: "13/26" }, "ja")).toEqual([
      { field: "expirationDate", message: "MM/YY形式の日付を入力してください" },
    ]);
  });

  it("an amount too large gets one message, a time without offset says what it needs", () => {
    const tx = { shopEventId: "S-1", amount: 1e300, purchaser: {}, requestedAt: "2026-11-24T09:30:00" };
    expect(fieldMessages(transactionSchema, tx, "en")).toEqual([
      { field: "amount", message: "must be less than or equal to 999999999" },
      {
        field: "requestedAt",
        message:
          "must be a date and time in ISO 8601 with a time zone offset, e.g. 2026-11-24T09:30:00+09:00",
      },
    ]);
  });

  it("a party's own fields: the media code is the purchaser's, the delivery company the shipping party's", () => {
    const tx = { shopEventId: "S-1", amount: 1000 };
    const own = { purchaser: { mediaCode: "WEB" }, shipping: { deliveryCompany: "ヤマト運輸" } };
    expect(transactionSchema.safeParse({ ...tx, ...own }).success).toBe(true);
    const swapped = transactionSchema.safeParse({
      ...tx,
      purchaser: { deliveryCompany: "ヤマト運輸" },
      shipping: { mediaCode: "WEB" },
    });
    expect(
      swapped.error?.issues.map((i) => [i.code, i.path.join("."), (i as { keys?: string[] }).keys]),
    ).toEqual([
      ["unrecognized_keys", "purchaser", ["deliveryCompany"]],
      ["unrecognized_keys", "shipping", ["mediaCode"]],
    ]);
  });

  it("a settle status missing or unknown names the codes", () => {
    expect(fieldMessages(settleStatusRequestSchema, { eventId: "E1" }, "en")).toEqual([
      { field: "settleStatus", message: "must be one of 10, 20, 30, 40" },
    ]);
    expect(fieldMessages(settleStatusRequestSchema, { eventId: "E1", settleStatus: "99" }, "ja")).toEqual([
      { field: "settleStatus", message: "10, 20, 30, 40のいずれかを入力してください" },
    ]);
  });
});
