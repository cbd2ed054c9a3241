import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Config, ConfigError } from "../config.ts";

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = "v1";

/**
 * Encrypts stored credentials (the API secret keys) with AES-256-GCM. `context` is authenticated but
 * not stored: a ciphertext copied to another tenant's or application's row no longer decrypts.
 */
export interface CredentialCipher {
  encrypt(plaintext: string, context: string): string;
  decrypt(stored: string, context: string): string;
}

export function createCredentialCipher(key: Buffer): CredentialCipher {
  if (key.length !== KEY_BYTES) throw new Error(`the credential key must be ${KEY_BYTES} bytes`);
  return {
    encrypt(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url"));
      return [FORMAT, ...parts].join(".");
    },
    decrypt(stored, context) {
      const [format, iv, tag, body] = stored.split(".");
      if (format !== FORMAT || iv === undefined || tag === undefined || body === undefined)
        throw new Error("unknown credential ciphertext format");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}

export const credentialKeyFile = (dataDir: string): string => path.join(dataDir, "credential.key");

/**
 * The cipher for this installation: CREDENTIAL_KEY when set; in embedded mode otherwise a key made
 * once in DATA_DIR/credential.key (mode 0600), so the database files alone do not reveal the secrets.
 */
export async function loadCredentialCipher(
  config: Pick<Config, "dataDir" | "databaseUrl" | "credentialKey">,
): Promise<CredentialCipher> {
  if (config.credentialKey) return createCredentialCipher(config.credentialKey);
  if (config.databaseUrl) throw new ConfigError("CREDENTIAL_KEY is required with DATABASE_URL.");
  return createCredentialCipher(await readOrCreateKeyFile(credentialKeyFile(config.dataDir)));
}

async function readOrCreateKeyFile(file: string): Promise<Buffer> {
  try {
    return decodeKeyFile(file, await readFile(file, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // "wx": two processes starting on a new data dir never overwrite each other's key.
    await writeFile(file, `${randomBytes(KEY_BYTES).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return decodeKeyFile(file, await readFile(file, "utf8"));
}

function decodeKeyFile(file: string, text: string): Buffer {
  const key = Buffer.from(text.trim(), "base64");
  if (key.length !== KEY_BYTES)
    throw new ConfigError(`${file} does not hold a ${KEY_BYTES}-byte base64 key; restore it from a backup.`);
  return key;
}
