import { hash, verify } from "@node-rs/argon2";

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash must read as a mismatch, never as a server error.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash of a random value, verified when the operator does not exist so that an unknown e-mail costs
 * the same time as a wrong password.
 */
export const dummyPasswordHash = (): Promise<string> => {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
};
