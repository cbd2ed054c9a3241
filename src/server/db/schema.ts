import type { Generated, Insertable, Selectable } from "kysely";

/** Kysely view of the tables created by migrations/*.sql. */
export interface Database {
  schema_migrations: SchemaMigrationsTable;
  companies: CompaniesTable;
  trials: TrialsTable;
  roles: RolesTable;
  role_permissions: RolePermissionsTable;
  operators: OperatorsTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_attempts: LoginAttemptsTable;
  allowed_ip_addresses: AllowedIpAddressesTable;
  detection_models: DetectionModelsTable;
  api_applications: ApiApplicationsTable;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Generated<Date>;
}

export interface CompaniesTable {
  company_id: string;
  name: string;
  contract_div: "10" | "20";
  created_at: Generated<Date>;
}

export interface TrialsTable {
  company_id: string;
  event_count: Generated<number>;
  event_limit: number;
  starts_at: Date | null;
  ends_at: Date | null;
}

export interface RolesTable {
  company_id: string;
  role_id: string;
  name: string;
}

export interface RolePermissionsTable {
  company_id: string;
  role_id: string;
  screen_id: string;
  permission: "00" | "10" | "20";
}

export interface OperatorsTable {
  company_id: string;
  id: Generated<number>;
  email: string;
  name: string;
  role_id: string;
  password_hash: string;
  failed_login_count: Generated<number>;
  locked_until: Date | null;
  notify_rule: Generated<boolean>;
  notify_upload: Generated<boolean>;
  created_at: Generated<Date>;
}
export type OperatorRow = Selectable<OperatorsTable>;
export type NewOperator = Insertable<OperatorsTable>;

export interface SessionsTable {
  company_id: string;
  secret_hash: string;
  csrf_token_hash: string;
  operator_id: number;
  created_at: Date;
  last_seen_at: Date;
  revoked_at: Date | null;
}
export type SessionRow = Selectable<SessionsTable>;

export interface PasswordResetTokensTable {
  company_id: string;
  token_hash: string;
  operator_id: number;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface LoginAttemptsTable {
  company_id: string;
  id: Generated<number>;
  email: string;
  operator_id: number | null;
  source_ip: string;
  outcome: LoginOutcome;
  attempted_at: Date;
}
export type LoginOutcome =
  | "success"
  | "unknownCompany"
  | "unknownOperator"
  | "wrongPassword"
  | "locked"
  | "sourceIpNotAllowed";

export interface AllowedIpAddressesTable {
  company_id: string;
  kind: "console" | "api";
  address: string;
  subnet: Generated<number>;
}

export interface DetectionModelsTable {
  company_id: string;
  model_id: string;
  model_name: string;
  created_at: Generated<Date>;
}

export interface ApiApplicationsTable {
  company_id: string;
  application_id: string;
  /** AES-256-GCM of the secret key (services/credentialCipher.ts), never the key itself. */
  secret_ciphertext: string;
  secret_last4: string;
  model_id: string;
  rotated_at: Date;
  /** Operator ID of the last rotation; null when the seed or the admin CLI issued the key. */
  updated_by: number | null;
}
