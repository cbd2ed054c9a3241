import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { hashPassword } from "../services/passwordHasher.ts";
import { STANDARD_ROLES } from "../services/standardRoles.ts";
import { DEMO_CUSTOM_ROLE } from "./demoAdministration.ts";

/** How many staff CHECK has beside its named team: more than one page of 50 on the operator list. */
export const DEMO_STAFF_COUNT = 56;

const FAMILY_NAMES = [
  "佐藤",
  "鈴木",
  "高橋",
  "田中",
  "伊藤",
  "渡辺",
  "山本",
  "中村",
  "小林",
  "加藤",
  "吉田",
  "山田",
  "佐々木",
  "松本",
];
const ROLES = [STANDARD_ROLES.reviewer.roleId, STANDARD_ROLES.viewer.roleId, DEMO_CUSTOM_ROLE.roleId];
const DAY_MS = 86_400_000;

/**
 * CHECK's staff for the operator list (issue 41): enough operators to page at 50, with names to
 * filter by, every role, both notification flags set here and there, and created over the past months.
 * One password hash for all (the demo password): hashing each would only slow the first start.
 */
export async function seedDemoOperators(db: Kysely<Database>, password: string, now: Date): Promise<void> {
  const passwordHash = await hashPassword(password);
  const rows = Array.from({ length: DEMO_STAFF_COUNT }, (_, index) => {
    const no = String(index + 1).padStart(2, "0");
    return {
      company_id: "CHECK",
      email: `staff${no}@check.example`,
      name: `${FAMILY_NAMES[index % FAMILY_NAMES.length]} 担当${no}`,
      role_id: ROLES[index % ROLES.length] as string,
      notify_rule: index % 4 === 0,
      notify_upload: index % 5 === 0,
      password_hash: passwordHash,
      created_at: new Date(now.getTime() - (DEMO_STAFF_COUNT - index) * 3 * DAY_MS),
    };
  });
  await db.insertInto("operators").values(rows).execute();
}
