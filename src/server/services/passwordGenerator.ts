import { randomInt } from "node:crypto";
import { rules } from "../../contract/validation.ts";

const PASSWORD_ALPHABETS = [
  "ABCDEFGHJKLMNPQRSTUVWXYZ",
  "abcdefghijkmnopqrstuvwxyz",
  "23456789",
  "@%+/!#$^?:.~_-",
];

/** 16 characters drawn from all four kinds, so it always meets the spec's password rule. */
export function generatePassword(): string {
  const pick = (alphabet: string) => alphabet.charAt(randomInt(alphabet.length));
  const all = PASSWORD_ALPHABETS.join("");
  const characters = [...PASSWORD_ALPHABETS.map(pick), ...Array.from({ length: 12 }, () => pick(all))];
  for (let i = characters.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [characters[i], characters[j]] = [characters[j] ?? "", characters[i] ?? ""];
  }
  const password = characters.join("");
  if (!rules.password(password)) throw new Error("generated password breaks the password rule");
  return password;
}
