import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rules, trimStrings } from "../../../src/contract/validation.ts";

// Properties of the section 5 rules, checked against an independent model of each rule.

const UPPER = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
const LOWER = [..."abcdefghijklmnopqrstuvwxyz"];
const DIGITS = [..."0123456789"];
const SYMBOLS = [..."@%+/\\'!#$^?:.(){}[]~_-"];
const KINDS = [UPPER, LOWER, DIGITS, SYMBOLS];
const ALLOWED = KINDS.flat();

const kindsOf = (s: string) => KINDS.filter((kind) => [...s].some((c) => kind.includes(c))).length;
const allowedChar = fc.constantFrom(...ALLOWED);

/** A password of 8 to 20 allowed characters that uses exactly the given kinds (each at least once). */
const passwordOfKinds = (count: 3 | 4) =>
  fc
    .shuffledSubarray([0, 1, 2, 3], { minLength: count, maxLength: count })
    .chain((chosen) => {
      const pool = chosen.flatMap((k) => KINDS[k] ?? []);
      const oneOfEach = fc.tuple(...chosen.map((k) => fc.constantFrom(...(KINDS[k] ?? []))));
      const filler = fc.array(fc.constantFrom(...pool), { minLength: 8 - count, maxLength: 20 - count });
      return fc.tuple(oneOfEach, filler).chain(([must, rest]) =>
        fc.shuffledSubarray([...must, ...rest], {
          minLength: must.length + rest.length,
        }),
      );
    })
    .map((chars) => chars.join(""));

describe("password properties", () => {
  it("any 8-20 character string of the allowed alphabet with 3 kinds passes", () => {
    fc.assert(fc.property(passwordOfKinds(3), (pw) => rules.password(pw)));
  });

  it("any 8-20 character string of the allowed alphabet with 4 kinds passes", () => {
    fc.assert(fc.property(passwordOfKinds(4), (pw) => rules.password(pw)));
  });

  it("over the allowed alphabet, 8-20 characters pass exactly when at least 3 kinds are used", () => {
    fc.assert(
      fc.property(fc.string({ unit: allowedChar, minLength: 8, maxLength: 20 }), (pw) => {
        expect(rules.password(pw)).toBe(kindsOf(pw) >= 3);
      }),
    );
  });

  it("shorter than 8 or longer than 20 characters never passes", () => {
    const short = fc.string({ unit: allowedChar, maxLength: 7 });
    const long = fc.string({ unit: allowedChar, minLength: 21, maxLength: 60 });
    fc.assert(fc.property(fc.oneof(short, long), (pw) => !rules.password(pw)));
  });

  it("one character outside the alphabet makes any password fail", () => {
    const outside = fc
      .string({ minLength: 1, maxLength: 1, unit: "grapheme" })
      .filter((c) => !ALLOWED.includes(c));
    fc.assert(
      fc.property(passwordOfKinds(4), outside, fc.nat(), (pw, bad, at) => {
        const i = at % pw.length;
        return !rules.password(pw.slice(0, i) + bad + pw.slice(i + 1));
      }),
    );
  });
});

describe("IPv4 properties", () => {
  const octet = fc.integer({ min: 0, max: 255 });

  it("four dotted parts 0-255 pass", () => {
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), (parts) => rules.ipAddressV4(parts.join("."))),
    );
  });

  it("a part above 255 fails", () => {
    fc.assert(
      fc.property(
        fc.tuple(octet, octet, octet, octet),
        fc.integer({ min: 256, max: 99_999 }),
        fc.integer({ min: 0, max: 3 }),
        (parts, big, at) => {
          const copy: number[] = [...parts];
          copy[at] = big;
          return !rules.ipAddressV4(copy.join("."));
        },
      ),
    );
  });

  it("a number of parts other than four fails", () => {
    const count = fc.integer({ min: 1, max: 8 }).filter((n) => n !== 4);
    fc.assert(
      fc.property(
        count.chain((n) => fc.array(octet, { minLength: n, maxLength: n })),
        (parts) => !rules.ipAddressV4(parts.join(".")),
      ),
    );
  });

  it("a subnet passes exactly when it is an integer from 0 to 32", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        expect(rules.ipAddressV4Subnet(n)).toBe(n >= 0 && n <= 32);
        expect(rules.ipAddressV4Subnet(String(n))).toBe(n >= 0 && n <= 32);
      }),
    );
  });

  it("a subnet with a fraction never passes", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -100, max: 100, noNaN: true }).filter((x) => !Number.isInteger(x)),
        (x) => !rules.ipAddressV4Subnet(x) && !rules.ipAddressV4Subnet(String(x)),
      ),
    );
  });

  it("uniqueIpAddress fails exactly for addresses already in the list", () => {
    const ip = fc.tuple(octet, octet, octet, octet).map((p) => p.join("."));
    fc.assert(
      fc.property(fc.array(ip, { maxLength: 10 }), ip, (list, candidate) => {
        expect(rules.uniqueIpAddress(candidate, list)).toBe(!list.includes(candidate));
        for (const existing of list) expect(rules.uniqueIpAddress(existing, list)).toBe(false);
      }),
    );
  });
});

describe("maxValueBigint properties", () => {
  const big = fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 19n - 1n });

  it("a value of at most 19 characters passes exactly when it is not above max", () => {
    fc.assert(
      fc.property(big, big, (value, max) => {
        expect(rules.maxValueBigint(value.toString(), max)).toBe(value <= max);
        expect(rules.maxValueBigint(value.toString(), max.toString())).toBe(value <= max);
      }),
    );
  });

  it("a value of 20 or more characters never passes", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 10n ** 19n, max: 10n ** 30n }), (value) => {
        return !rules.maxValueBigint(value.toString(), 10n ** 40n);
      }),
    );
  });
});

describe("domain properties", () => {
  const alnum = fc.constantFrom(...UPPER, ...LOWER, ...DIGITS);
  const inner = fc.constantFrom(...UPPER, ...LOWER, ...DIGITS, "-");
  const label = fc.oneof(
    alnum,
    fc.tuple(alnum, fc.string({ unit: inner, maxLength: 61 }), alnum).map(([a, mid, b]) => a + mid + b),
  );

  it("two or more dot-separated labels of 1-63 characters without edge hyphens pass", () => {
    fc.assert(
      fc.property(fc.array(label, { minLength: 2, maxLength: 5 }), (labels) =>
        rules.domain(labels.join(".")),
      ),
    );
  });

  it("a single label never passes (at least one dot)", () => {
    fc.assert(fc.property(label, (l) => !rules.domain(l)));
  });

  it("'..', '-.', '.-' or an edge dot or hyphen makes a valid domain fail", () => {
    const broken = fc.constantFrom(
      (d: string) => d.replace(".", ".."),
      (d: string) => d.replace(".", "-."),
      (d: string) => d.replace(".", ".-"),
      (d: string) => `.${d}`,
      (d: string) => `${d}.`,
      (d: string) => `-${d}`,
      (d: string) => `${d}-`,
    );
    fc.assert(
      fc.property(fc.array(label, { minLength: 2, maxLength: 4 }), broken, (labels, breakIt) => {
        const d = labels.join(".");
        expect(rules.domain(d)).toBe(true);
        expect(rules.domain(breakIt(d))).toBe(false);
      }),
    );
  });
});

describe("hash properties", () => {
  const hex = fc.constantFrom(..."0123456789abcdef");
  const hex64 = fc.string({ unit: hex, minLength: 64, maxLength: 64 });

  it("64 digits or uppercase letters pass hashSHA256; one lowercase letter makes it fail", () => {
    const upper = fc.string({ unit: fc.constantFrom(...DIGITS, ...UPPER), minLength: 64, maxLength: 64 });
    fc.assert(
      fc.property(upper, fc.constantFrom(...LOWER), fc.nat(63), (h, lower, at) => {
        expect(rules.hashSHA256(h)).toBe(true);
        expect(rules.hashSHA256(h.slice(0, at) + lower + h.slice(at + 1))).toBe(false);
      }),
    );
  });

  it("any two 64-character hex hashes joined by & pass delimiterItemAmpersand with the hash option", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(hex64, hex64), { minLength: 1, maxLength: 5 }), (pairs) =>
        rules.delimiterItemAmpersand(pairs.map(([a, b]) => `${a}&${b}`).join("\n"), { hash: [true, true] }),
      ),
    );
  });

  it("a hash of any other length fails the hash option", () => {
    const wrong = fc.integer({ min: 1, max: 100 }).filter((n) => n !== 64);
    fc.assert(
      fc.property(
        hex64,
        wrong.chain((n) => fc.string({ unit: hex, minLength: n, maxLength: n })),
        (good, bad) => {
          return (
            !rules.delimiterItemAmpersand(`${good}&${bad}`, { hash: [true, true] }) &&
            !rules.delimiterItemSpace(`${bad} ${good}`, { hash: [true, true] })
          );
        },
      ),
    );
  });
});

describe("length rule properties", () => {
  it("between(v, a, b) equals min(v, a) and max(v, b), counting characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), fc.nat(20), fc.nat(20), (v, a, b) => {
        expect(rules.between(v, a, b)).toBe(rules.min(v, a) && rules.max(v, b));
        expect(rules.max(v, b)).toBe([...v].length <= b);
      }),
    );
  });

  it("delimiterItemMax passes exactly when every whitespace-separated item is within max", () => {
    const item = fc.string({ unit: fc.constantFrom("a", "b", "あ"), minLength: 1, maxLength: 8 });
    const sep = fc.constantFrom(" ", "\n", "\t", "\r\n", "  ");
    fc.assert(
      fc.property(
        fc.array(fc.tuple(item, sep), { maxLength: 6 }),
        fc.integer({ min: 1, max: 8 }),
        (parts, max) => {
          const text = parts.map(([i, s]) => i + s).join("");
          expect(rules.delimiterItemMax(text, max)).toBe(parts.every(([i]) => [...i].length <= max));
        },
      ),
    );
  });
});

describe("trimStrings properties", () => {
  it("is idempotent and leaves no string with edge whitespace", () => {
    const hasEdgeSpace = (v: unknown): boolean =>
      typeof v === "string"
        ? v !== v.trim()
        : Array.isArray(v)
          ? v.some(hasEdgeSpace)
          : v !== null && typeof v === "object"
            ? Object.values(v).some(hasEdgeSpace)
            : false;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const once = trimStrings(value);
        expect(trimStrings(once)).toEqual(once);
        expect(hasEdgeSpace(once)).toBe(false);
      }),
    );
  });
});
