import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { Database } from "../db/schema.ts";
import type { TenantCopy } from "../db/tenantCopy.ts";
import type { Mailer } from "../mail/mailer.ts";

/** What every service is built from; `now` is injectable so tests can move the clock. */
export interface ServiceDeps {
  db: Kysely<Database>;
  /** The database's binary COPY, where it has one (PostgreSQL). */
  copy?: TenantCopy | undefined;
  config: Config;
  mailer: Mailer;
  now: () => Date;
  /**
   * Runs work after the response (mails), so a reply takes the same time whether or not a mail went
   * out; the app waits for pending tasks when it closes and logs their failures.
   */
  defer: (what: string, task: () => Promise<unknown>) => void;
}
