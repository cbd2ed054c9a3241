import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * CHECK's allowed IP lists for the /AllowedIpAddress screen to show. Both keep the loopback network
 * (the demo server listens on 127.0.0.1) and the private ranges, so no demo login and no local call
 * of the screening API is refused; the API list adds a documentation range as a shop's servers.
 */
export const DEMO_ALLOWED_IPS = {
  console: [
    { address: "127.0.0.0", subnet: 8 },
    { address: "10.0.0.0", subnet: 8 },
    { address: "192.168.0.0", subnet: 16 },
  ],
  api: [
    { address: "127.0.0.1", subnet: 32 },
    { address: "192.168.0.0", subnet: 16 },
    { address: "203.0.113.0", subnet: 24 },
  ],
} as const;

export async function seedDemoAllowedIps(db: Kysely<Database>, companyId = "CHECK"): Promise<void> {
  await db
    .insertInto("allowed_ip_addresses")
    .values(
      (["console", "api"] as const).flatMap((kind) =>
        DEMO_ALLOWED_IPS[kind].map((entry) => ({ company_id: companyId, kind, ...entry })),
      ),
    )
    .execute();
}
