import { describe, expect, it } from "vitest";
import { rules, trimStrings } from "../../../src/contract/validation.ts";

// Spec section 5, one table per rule: [input, expected].

const HEX64 = "0123456789abcdef".repeat(4);
const HEX64_UPPER = HEX64.toUpperCase();

describe("generic rules", () => {
  it.each<[unknown, boolean]>([
    [undefined, false],
    [null, false],
    ["", false],
    ["   ", false],
    ["\t\n", false],
    [[], false],
    ["a", true],
    [" a ", true],
    [0, true],
    [false, true],
    [[""], true],
    [{}, true],
  ])("required(%j) is %s", (v, expected) => {
    expect(rules.required(v)).toBe(expected);
  });

  it.each<[string, number, boolean]>([
    ["", 3, false],
    ["ab", 3, false],
    ["abc", 3, true],
    ["abcd", 3, true],
    ["𠮷𠮷𠮷", 3, true], // characters, not UTF-16 units
    ["あい", 3, false],
  ])("min(%j, %i) is %s", (v, min, expected) => {
    expect(rules.min(v, min)).toBe(expected);
  });

  it.each<[string, number, boolean]>([
    ["", 3, true],
    ["abc", 3, true],
    ["abcd", 3, false],
    ["𠮷𠮷𠮷", 3, true],
    ["あいうえ", 3, false],
    ["a".repeat(30), 30, true],
    ["a".repeat(31), 30, false],
  ])("max(%j, %i) is %s", (v, max, expected) => {
    expect(rules.max(v, max)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["a", false],
    ["ab", true],
    ["abc", true],
    ["abcd", true],
    ["abcde", false],
  ])("between(%j, 2, 4) is %s", (v, expected) => {
    expect(rules.between(v, 2, 4)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["0", true],
    ["0123456789", true],
    ["", false],
    ["-1", false],
    ["1.5", false],
    ["1e3", false],
    ["12a", false],
    [" 12", false],
    ["１２", false],
  ])("numeric(%j) is %s", (v, expected) => {
    expect(rules.numeric(v)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["0", true],
    ["42", true],
    ["-12", true],
    ["", false],
    ["-", false],
    ["+1", false],
    ["1.0", false],
    ["1,000", false],
    ["１", false],
  ])("integer(%j) is %s", (v, expected) => {
    expect(rules.integer(v)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["abcXYZ019", true],
    ["A", true],
    ["", false],
    ["a-b", false],
    ["a_b", false],
    ["a b", false],
    ["ａｂｃ", false],
    ["企業", false],
  ])("alpha_num(%j) is %s", (v, expected) => {
    expect(rules.alpha_num(v)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["a-b_c1", true],
    ["---", true],
    ["", false],
    ["a.b", false],
    ["a b", false],
    ["a@b", false],
  ])("alpha_dash(%j) is %s", (v, expected) => {
    expect(rules.alpha_dash(v)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["a@b.c", true],
    ["user@example.com", true],
    ["a@b", false],
    ["a b@c.d", false],
    ["a@b@c.d", false],
    ["@b.c", false],
    ["a@.", false],
  ])("email(%j) is %s", (v, expected) => {
    expect(rules.email(v)).toBe(expected);
  });

  it.each<[string, string, boolean]>([
    ["Secret12!", "Secret12!", true],
    ["Secret12!", "secret12!", false],
    ["Secret12!", "Secret12! ", false],
    ["", "", true],
  ])("confirmed(%j, %j) is %s", (v, other, expected) => {
    expect(rules.confirmed(v, other)).toBe(expected);
  });

  it.each<[unknown, boolean, boolean]>([
    ["", false, true],
    [undefined, false, true],
    ["", true, false],
    ["  ", true, false],
    [undefined, true, false],
    ["a", true, true],
  ])("required_if(%j, %s) is %s", (v, condition, expected) => {
    expect(rules.required_if(v, condition)).toBe(expected);
  });
});

describe("password", () => {
  const symbols = [
    "@",
    "%",
    "+",
    "/",
    "\\",
    "'",
    "!",
    "#",
    "$",
    "^",
    "?",
    ":",
    ".",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "~",
    "_",
    "-",
  ];

  it("lists the 22 symbols of the spec", () => {
    expect(new Set(symbols).size).toBe(22);
  });

  it.each(symbols)("accepts the symbol %s as the third kind", (symbol) => {
    expect(rules.password(`Abcdefg${symbol}`)).toBe(true);
    expect(rules.password(`abcdef1${symbol}`)).toBe(true);
  });

  it.each(symbols)("counts %s as one kind only (lower + symbol is 2 kinds)", (symbol) => {
    expect(rules.password(`abcdefg${symbol}`)).toBe(false);
  });

  it.each([" ", "&", "*", '"', "<", ">", "=", ";", ",", "`", "|", "é", "あ", "Ａ", "１", "\t", "€"])(
    "refuses the character %j even with 4 kinds",
    (bad) => {
      expect(rules.password(`Abcde1!${bad}`)).toBe(false);
      expect(rules.password(`${bad}Abcde1!x`)).toBe(false);
    },
  );

  it.each<[string, boolean]>([
    ["Abcde1!", false], // 7
    ["Abcdef1!", true], // 8
    ["Abcdef1!".padEnd(20, "x"), true], // 20
    ["Abcdef1!".padEnd(21, "x"), false], // 21
    ["", false],
  ])("length: %j is %s", (v, expected) => {
    expect(rules.password(v)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["abcdefgh", false], // lower only
    ["ABCDEFGH", false], // upper only
    ["12345678", false], // digits only
    ["!!!!!!!!", false], // symbols only
    ["abcdefg1", false], // lower + digit
    ["ABCDEFG1", false], // upper + digit
    ["abcdEFGH", false], // lower + upper
    ["ABCDEFG!", false], // upper + symbol
    ["1234567!", false], // digit + symbol
    ["Abcdefg1", true], // upper + lower + digit
    ["abcdef!1", true], // lower + digit + symbol
    ["ABCDEF!1", true], // upper + digit + symbol
    ["ABCdef!!", true], // upper + lower + symbol
    ["Abcdef1!", true], // all four
  ])("kinds: %j is %s", (v, expected) => {
    expect(rules.password(v)).toBe(expected);
  });
});

describe("maxValueBigint", () => {
  const LONG_MAX = "9223372036854775807";

  it.each<[string, bigint | number | string, boolean]>([
    ["100", 100, true],
    ["101", 100, false],
    ["99", 100n, true],
    ["100", "100", true],
    ["-5", 0, true],
    ["0", 0, true],
    [LONG_MAX, LONG_MAX, true], // 19 characters, equal to max
    ["9223372036854775808", LONG_MAX, false], // 19 characters, above max
    ["1234567890123456789", 10n ** 30n, true], // 19 characters
    ["12345678901234567890", 10n ** 30n, false], // 20 characters: refused whatever max is
    ["00000000000000000001", 10n ** 30n, false], // 20 characters with leading zeros
    ["0000000000000000100", 100, true], // 19 characters with leading zeros
    ["-123456789012345678", 0, true], // 19 characters with the sign
    ["-1234567890123456789", 0, false], // 20 characters with the sign
    ["", 100, false],
    ["abc", 100, false],
    ["1.5", 100, false],
    ["1e2", 1000, false],
    [" 1", 100, false],
    ["5", 1.5, false], // a max that is not an integer never throws
  ])("maxValueBigint(%j, %s) is %s", (v, max, expected) => {
    expect(rules.maxValueBigint(v, max)).toBe(expected);
  });
});

describe("ipAddressV4", () => {
  it.each<[string, boolean]>([
    ["0.0.0.0", true],
    ["255.255.255.255", true],
    ["192.168.1.1", true],
    ["10.0.0.255", true],
    ["256.1.1.1", false],
    ["1.256.1.1", false],
    ["1.1.256.1", false],
    ["1.1.1.256", false],
    ["1000.1.1.1", false],
    ["01.1.1.1", false], // leading zero
    ["1.1.1.00", false],
    ["1.1.1.010", false],
    ["1.1.1", false], // 3 parts
    ["1.1.1.1.1", false], // 5 parts
    ["", false],
    ["1..1.1", false],
    ["1.1.1.1.", false],
    [".1.1.1", false],
    [" 1.1.1.1", false],
    ["1.1.1.1 ", false],
    ["-1.1.1.1", false],
    ["+1.1.1.1", false],
    ["a.b.c.d", false],
    ["1.1.1.1/24", false],
    ["１.1.1.1", false],
    ["::1", false],
  ])("ipAddressV4(%j) is %s", (v, expected) => {
    expect(rules.ipAddressV4(v)).toBe(expected);
  });
});

describe("ipAddressV6", () => {
  it.each<[string, boolean]>([
    ["2001:db8:0:0:0:0:0:1", true],
    ["2001:DB8::1", true],
    ["::1", true],
    ["::", true],
    ["fe80::", true],
    ["::ffff:192.0.2.1", true],
    ["1:2:3:4:5:6:192.0.2.1", true],
    ["1:2:3:4:5:6:7:8", true],
    ["1:2:3:4:5:6:7", false], // seven groups without "::"
    ["1:2:3:4:5:6:7:8:9", false],
    ["1::2:3:4:5:6:7:8", false], // "::" must stand for at least one group
    ["1:2", false],
    [":::::", false],
    ["1:::2", false],
    [":1::2", false],
    ["1::2::3", false],
    ["12345::1", false],
    ["g::1", false],
    ["192.0.2.1::", false], // the IPv4 part only at the end
    ["::ffff:192.0.2.256", false],
    ["192.0.2.1", false],
    ["", false],
  ])("ipAddressV6(%j) is %s", (v, expected) => {
    expect(rules.ipAddressV6(v)).toBe(expected);
  });
});

describe("ipAddressV4Subnet", () => {
  it.each<[string | number, boolean]>([
    [-1, false],
    ["-1", false],
    [0, true],
    ["0", true],
    [8, true],
    ["24", true],
    [32, true],
    ["32", true],
    [33, false],
    ["33", false],
    ["3.5", false],
    [3.5, false],
    ["", false],
    ["08", false],
    [" 8", false],
    ["abc", false],
    [Number.NaN, false],
    ["1e1", false],
  ])("ipAddressV4Subnet(%j) is %s", (v, expected) => {
    expect(rules.ipAddressV4Subnet(v)).toBe(expected);
  });
});

describe("uniqueIpAddress", () => {
  const list = ["10.0.0.1", "192.168.0.1"];
  it.each<[string, readonly string[], boolean]>([
    ["10.0.0.1", list, false],
    ["192.168.0.1", list, false],
    ["10.0.0.2", list, true],
    ["10.0.0.1", [], true],
  ])("uniqueIpAddress(%j, %j) is %s", (v, l, expected) => {
    expect(rules.uniqueIpAddress(v, l)).toBe(expected);
  });
});

describe("dateTimeEnd, emptyIf, groupNameDuplicate (caller-controlled)", () => {
  it("flag passes exactly when the caller says so", () => {
    expect(rules.flag(true)).toBe(true);
    expect(rules.flag(false)).toBe(false);
  });

  it.each<[string, readonly string[], boolean]>([
    ["Group A", ["Group A", "Group B"], false],
    ["Group B", ["Group A", "Group B"], false],
    ["Group C", ["Group A", "Group B"], true],
    ["group a", ["Group A"], true], // must not equal: the comparison is exact
    ["Group A", [], true],
  ])("groupNameDuplicate(%j, %j) is %s", (v, names, expected) => {
    expect(rules.groupNameDuplicate(v, names)).toBe(expected);
  });
});

describe("dateFormat (strict)", () => {
  it.each<[string, string, boolean]>([
    ["2024/02/29", "yyyy/MM/dd", true], // leap day
    ["2023/02/29", "yyyy/MM/dd", false],
    ["2000/02/29", "yyyy/MM/dd", true],
    ["1900/02/29", "yyyy/MM/dd", false],
    ["2024/04/30", "yyyy/MM/dd", true],
    ["2024/04/31", "yyyy/MM/dd", false],
    ["2024/12/31", "yyyy/MM/dd", true],
    ["2024/13/01", "yyyy/MM/dd", false],
    ["2024/00/10", "yyyy/MM/dd", false],
    ["2024/01/00", "yyyy/MM/dd", false],
    ["2024/01/32", "yyyy/MM/dd", false],
    ["2024/2/29", "yyyy/MM/dd", false], // not zero-padded
    ["24/02/29", "yyyy/MM/dd", false],
    ["2024-02-29", "yyyy/MM/dd", false], // other separator
    ["2024/02/29 ", "yyyy/MM/dd", false],
    ["x2024/02/29", "yyyy/MM/dd", false],
    ["0050/01/01", "yyyy/MM/dd", true], // a year below 100 is still that year
    ["2024-01-15", "yyyy-MM-dd", true],
    ["2024-01-01 00:00:00", "yyyy-MM-dd HH:mm:ss", true],
    ["2024-01-01 23:59:59", "yyyy-MM-dd HH:mm:ss", true],
    ["2024-01-01 24:00:00", "yyyy-MM-dd HH:mm:ss", false],
    ["2024-01-01 00:60:00", "yyyy-MM-dd HH:mm:ss", false],
    ["2024-01-01 00:00:60", "yyyy-MM-dd HH:mm:ss", false],
    ["2024-01-01 00:00", "yyyy-MM-dd HH:mm:ss", false],
    ["09:30", "HH:mm", true],
    ["9:30", "HH:mm", false],
    ["2024.01.01", "yyyy.MM.dd", true],
    ["2024x01x01", "yyyy.MM.dd", false], // "." in the format is a literal dot
    ["２０２４/01/01", "yyyy/MM/dd", false],
  ])("dateFormat(%j, %j) is %s", (v, format, expected) => {
    expect(rules.dateFormat(v, format)).toBe(expected);
  });
});

describe("dateTimeSelectionField", () => {
  it.each<[unknown, readonly unknown[], boolean]>([
    ["", ["", null], true], // neither linked target set
    ["", [undefined], true],
    ["x", [], true],
    ["", ["2024-01-01", ""], false],
    ["", ["", "10:00"], false],
    ["  ", ["2024-01-01"], false],
    [null, [undefined, "x"], false],
    ["10:00", ["2024-01-01"], true],
    ["10:00", ["2024-01-01", "10:00"], true],
  ])("dateTimeSelectionField(%j, %j) is %s", (v, linked, expected) => {
    expect(rules.dateTimeSelectionField(v, linked)).toBe(expected);
  });
});

describe("delimiterItemSpace", () => {
  it.each<[string, boolean]>([
    ["a b", true],
    ["a\tb", true], // one whitespace character
    ["a b\nc d", true],
    ["a b\r\nc d", true],
    ["a b\n\nc d\n", true], // blank lines are skipped
    ["a  b", false], // two whitespace characters
    ["a", false],
    ["a b c", false],
    ["a b\nc", false],
    ["a&b", false],
  ])("without options %j is %s", (v, expected) => {
    expect(rules.delimiterItemSpace(v, {})).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["abc de", true],
    ["abcd de", false], // first item over its max
    ["abc def", false], // second item over its max
    ["𠮷𠮷𠮷 𠮷𠮷", true], // characters, not UTF-16 units
  ])("with max [3, 2] %j is %s", (v, expected) => {
    expect(rules.delimiterItemSpace(v, { max: [3, 2] })).toBe(expected);
  });

  it.each<[string, boolean]>([
    [`${HEX64} example.com`, true],
    [`${HEX64_UPPER} x`, true],
    [`${HEX64.slice(1)} x`, false], // 63
    [`${HEX64}0 x`, false], // 65
    [`${HEX64.slice(1)}g x`, false], // not hex
    [`x ${HEX64}`, false], // the hash is the first item
  ])("with hash [true, false] %j is %s", (v, expected) => {
    expect(rules.delimiterItemSpace(v, { hash: [true, false] })).toBe(expected);
  });
});

describe("delimiterItemAmpersand", () => {
  it.each<[string, boolean]>([
    ["a&b", true],
    ["a&b\nc&d", true],
    [" a&b ", true],
    ["a&&b", false],
    ["a&b&c", false],
    ["a & b", false],
    ["a b", false],
    ["&b", false],
    ["a&", false],
    ["ab", false],
  ])("without options %j is %s", (v, expected) => {
    expect(rules.delimiterItemAmpersand(v, {})).toBe(expected);
  });

  it.each<[string, boolean]>([
    [`${HEX64}&${HEX64}`, true], // last name & first name hashes
    [`${HEX64_UPPER}&${HEX64}`, true],
    [`${HEX64}&${HEX64}\n${HEX64}&${HEX64}`, true],
    [`${HEX64}&${HEX64.slice(1)}`, false],
    [`${HEX64.slice(1)}&${HEX64}`, false],
    [`${HEX64}&${HEX64}0`, false],
    [`${HEX64}&${HEX64.slice(1)}z`, false],
    [`${HEX64}&example.com`, false],
  ])("with hash [true, true] %j is %s", (v, expected) => {
    expect(rules.delimiterItemAmpersand(v, { hash: [true, true] })).toBe(expected);
  });

  it.each<[string, boolean]>([
    ["ab&cde", true],
    ["abc&cde", false],
    ["ab&cdef", false],
  ])("with max [2, 3] %j is %s", (v, expected) => {
    expect(rules.delimiterItemAmpersand(v, { max: [2, 3] })).toBe(expected);
  });

  it("combines the hash option with a max on the other item (e-mail: hash & domain)", () => {
    const opts = { hash: [true, false], max: [64, 253] } as const;
    expect(rules.delimiterItemAmpersand(`${HEX64}&${"d".repeat(253)}`, opts)).toBe(true);
    expect(rules.delimiterItemAmpersand(`${HEX64}&${"d".repeat(254)}`, opts)).toBe(false);
  });
});

describe("delimiterItemMax", () => {
  it.each<[string, boolean]>([
    ["", true],
    ["   ", true],
    ["abc", true],
    ["abcd", false],
    ["abc def\nghi", true],
    ["abc\tdef", true],
    ["abc defg", false],
    ["abc\nabcd", false],
    ["𠮷𠮷𠮷", true],
    ["あいうえ", false],
  ])("delimiterItemMax(%j, 3) is %s", (v, expected) => {
    expect(rules.delimiterItemMax(v, 3)).toBe(expected);
  });
});

describe("customEmail", () => {
  it.each<[string, boolean]>([
    ["user@example.com", true],
    ["first.last+tag@sub.example.co.jp", true],
    ["a_b-c@ex-ample.com", true],
    ["A1@b.c", true],
    ["o'brien!#$%&*=?^`{|}~@example.com", true],
    ["user@example", false],
    ["userexample.com", false],
    ["user@@example.com", false],
    ["us er@example.com", false],
    ["user@exa mple.com", false],
    ["ユーザー@example.com", false],
    ["user@例え.jp", false],
    ["user@-example.com", false],
    ["user@example-.com", false],
    ["user@.example.com", false],
    ["user@example..com", false],
    ["user@example.com.", false],
    ["user@exa_mple.com", false],
    ["@example.com", false],
    ["user@", false],
    ["", false],
  ])("customEmail(%j) is %s", (v, expected) => {
    expect(rules.customEmail(v)).toBe(expected);
  });
});

describe("domain", () => {
  it.each<[string, boolean]>([
    ["example.com", true],
    ["a.b", true],
    ["1.2", true],
    ["sub-domain.example.co.jp", true],
    ["xn--eckwd4c7c.jp", true],
    ["EXAMPLE.COM", true],
    [`${"a".repeat(63)}.com`, true], // 63-character label
    [`example.${"a".repeat(63)}`, true],
    [`${"a".repeat(64)}.com`, false], // 64-character label
    [`example.${"a".repeat(64)}`, false],
    ["example", false], // no dot
    ["", false],
    [".", false],
    [".example.com", false], // leading dot
    ["example.com.", false], // trailing dot
    ["-example.com", false], // leading hyphen
    ["example.com-", false], // trailing hyphen
    ["example..com", false], // ".."
    ["example-.com", false], // "-."
    ["example.-com", false], // ".-"
    ["exa_mple.com", false],
    ["exa mple.com", false],
    ["例え.jp", false],
    ["example.com/path", false],
  ])("domain(%j) is %s", (v, expected) => {
    expect(rules.domain(v)).toBe(expected);
  });
});

describe("hashSHA256", () => {
  it.each<[string, boolean]>([
    [HEX64_UPPER, true],
    ["0".repeat(64), true],
    ["Z".repeat(64), true], // digits or uppercase letters
    [HEX64, false], // lowercase refused
    [`${HEX64_UPPER.slice(1)}a`, false],
    [HEX64_UPPER.slice(1), false], // 63
    [`${HEX64_UPPER}0`, false], // 65
    [` ${HEX64_UPPER.slice(1)}`, false],
    ["", false],
  ])("hashSHA256(%j) is %s", (v, expected) => {
    expect(rules.hashSHA256(v)).toBe(expected);
  });
});

describe("trimStrings (text values are trimmed recursively)", () => {
  it("trims strings inside objects and arrays and leaves other values alone", () => {
    const input = {
      companyId: "  acme ",
      list: [" a", { ip: "10.0.0.1\t", subnet: 32 }, null],
      nested: { deep: { text: "\n x \n" } },
      flag: true,
      none: null,
    };
    expect(trimStrings(input)).toEqual({
      companyId: "acme",
      list: ["a", { ip: "10.0.0.1", subnet: 32 }, null],
      nested: { deep: { text: "x" } },
      flag: true,
      none: null,
    });
    expect(input.companyId).toBe("  acme "); // the input is not changed
  });

  it("trims a bare string and keeps numbers", () => {
    expect(trimStrings("  x ")).toBe("x");
    expect(trimStrings(5)).toBe(5);
  });
});
