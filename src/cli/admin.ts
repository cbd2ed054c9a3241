import { parseArgs } from "node:util";
import { z } from "zod";
import { CONTRACT_DIV } from "../contract/codes.ts";
import {
  companyIdField,
  emailField,
  fieldErrors,
  operatorNameField,
  requiredText,
} from "../contract/validation.ts";
import { ConfigError, loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/connect.ts";
import { migrate } from "../server/db/migrate.ts";
import { provisionApiConnection } from "../server/services/apiConnectionService.ts";
import { loadCredentialCipher } from "../server/services/credentialCipher.ts";
import { generatePassword } from "../server/services/passwordGenerator.ts";
import { STANDARD_ROLES } from "../server/services/standardRoles.ts";
import { createOperator, insertTenant, TenantExistsError } from "../server/services/tenantService.ts";

const USAGE = `Usage:
  npm run admin -- create-tenant --company-id ID --name NAME --admin-email EMAIL --admin-name NAME [--contract-div 10|20]

Creates the company, its three standard roles (Administrator, Reviewer, Viewer), its standard
detection model and API application (secret key encrypted with CREDENTIAL_KEY or DATA_DIR/credential.key)
and its first administrator, whose one-time password is printed here once. Uses DATABASE_URL, else DATA_DIR.`;

class UsageError extends Error {}

const createTenantArgs = z
  .object({
    "company-id": companyIdField,
    name: requiredText(100),
    "admin-email": emailField,
    "admin-name": operatorNameField,
    "contract-div": z.enum([CONTRACT_DIV.standard, CONTRACT_DIV.checker]).default(CONTRACT_DIV.standard),
  })
  .strict();

async function createTenantCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      "company-id": { type: "string" },
      name: { type: "string" },
      "admin-email": { type: "string" },
      "admin-name": { type: "string" },
      "contract-div": { type: "string" },
    },
    strict: true,
  });
  const parsed = createTenantArgs.safeParse(
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value?.trim()])),
  );
  if (!parsed.success) {
    const problems = fieldErrors("en", parsed.error).map((e) => `  --${e.field}: ${e.message}`);
    throw new UsageError(`Invalid arguments:\n${problems.join("\n")}`);
  }
  const args = parsed.data;
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await migrate(database.db);
    const password = generatePassword();
    // Company, roles and administrator together or not at all.
    await database.db.transaction().execute(async (trx) => {
      await insertTenant(trx, {
        companyId: args["company-id"],
        name: args.name,
        contractDiv: args["contract-div"],
      });
      await createOperator(trx, {
        companyId: args["company-id"],
        email: args["admin-email"],
        name: args["admin-name"],
        roleId: STANDARD_ROLES.administrator.roleId,
        password,
      });
      await provisionApiConnection(trx, await loadCredentialCipher(config), args["company-id"]);
    });
    // Printed to this terminal only, never logged: the administrator changes it after the first login.
    console.log(
      [
        `Created company ${args["company-id"]} (${args.name}) with roles Administrator, Reviewer, Viewer.`,
        `Administrator: ${args["admin-email"]}`,
        `One-time password: ${password}`,
        "It is shown only now. Hand it over safely; the administrator can change it via the password change screen.",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
}

async function run(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === "create-tenant") {
      await createTenantCommand(rest);
      return 0;
    }
    if (command === undefined || command === "help" || command === "--help") {
      console.log(USAGE);
      return command === undefined ? 2 : 0;
    }
    throw new UsageError(`Unknown command: ${command}`);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ConfigError || error instanceof TenantExistsError) {
      console.error(error.message);
      return 1;
    }
    console.error(`Failed: ${(error as Error).message}`);
    return 1;
  }
}

run(process.argv.slice(2)).then((code) => process.exit(code));
