import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 256 random bits, base64url: session secrets, anti-forgery tokens and password-reset tokens. */
export const randomSecret = (): string => randomBytes(32).toString("base64url");

/** Secrets are stored only as their SHA-256, so a database leak does not hand out live sessions. */
export const sha256 = (value: string): string => createHash("sha256").update(value, "utf8").digest("hex");

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}
