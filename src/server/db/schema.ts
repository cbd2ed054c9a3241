import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

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
  api_call_sources: ApiCallSourcesTable;
  detection_models: DetectionModelsTable;
  api_applications: ApiApplicationsTable;
  rule_packages: RulePackagesTable;
  rule_releases: RuleReleasesTable;
  rule_groups: RuleGroupsTable;
  rule_units: RuleUnitsTable;
  rules: RulesTable;
  negatives: NegativesTable;
  negative_keys: NegativeKeysTable;
  white_entries: WhiteEntriesTable;
  keyword_categories: KeywordCategoriesTable;
  keywords: KeywordsTable;
  keyword_list_versions: KeywordListVersionsTable;
  ip_geo_ranges: IpGeoRangesTable;
  events: EventsTable;
  event_parties: EventPartiesTable;
  event_items: EventItemsTable;
  event_devices: EventDevicesTable;
  event_cards: EventCardsTable;
  event_fired_rules: EventFiredRulesTable;
  event_manual_history: EventManualHistoryTable;
  event_link_keys: EventLinkKeysTable;
  labels: LabelsTable;
  event_labels: EventLabelsTable;
  event_memos: EventMemosTable;
  event_edit_locks: EventEditLocksTable;
  event_display_formats: EventDisplayFormatsTable;
  jobs: JobsTable;
  downloads: DownloadsTable;
  settle_status_requests: SettleStatusRequestsTable;
  audit_log: AuditLogTable;
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
  event_limit: number;
  starts_at: Date | null;
  ends_at: Date | null;
}

export interface RolesTable {
  company_id: string;
  role_id: string;
  name: string;
  version: Generated<number>;
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
  version: Generated<number>;
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

/** Screening API calls per company, day and source address (migration 025). */
export interface ApiCallSourcesTable {
  company_id: string;
  day: ColumnType<Date | string, string, string>;
  source_ip: string;
  calls: ColumnType<string | number, number, number>;
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

// Screening (migration 003).

export interface RulePackagesTable {
  company_id: string;
  package_id: string;
  model_id: string;
  created_at: Generated<Date>;
}

export interface RuleReleasesTable {
  company_id: string;
  release_id: string;
  package_id: string;
  model_id: string;
  kind: "normal" | "simulation";
  starts_at: Date;
  released_at: Date;
  released_by: number | null;
}

export interface RuleGroupsTable {
  company_id: string;
  release_id: string;
  group_no: number;
  group_name: string;
  priority: number;
  judgement: "OK" | "NG" | "HOLD" | "REVIEW";
}

export interface RuleUnitsTable {
  company_id: string;
  release_id: string;
  group_no: number;
  unit_no: number;
  operator: "AND" | "OR";
}

export interface RulesTable {
  company_id: string;
  release_id: string;
  group_no: number;
  unit_no: number;
  rule_no: number;
  rule_code: string;
  description: string;
  /** One member of conditionSchema (src/contract/rules.ts); read back as parsed JSON. */
  condition: unknown;
}

export interface NegativesTable {
  company_id: string;
  negative_id: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  add_type: string | null;
  event_id: string | null;
  shop_event_id: string | null;
  customer_type: string | null;
  shop_member_id: string | null;
  normalized_last_name: string | null;
  normalized_first_name: string | null;
  zipcode: string | null;
  full_address: string | null;
  birth_date: string | null;
  tel: string | null;
  mobile_tel: string | null;
  mail_account: string | null;
  mail_domain: string | null;
  mobile_mail_account: string | null;
  mobile_mail_domain: string | null;
  company: string | null;
  depart: string | null;
  cookie: string | null;
  settle_category: string | null;
  other_category: string | null;
  ipaddress: string | null;
  ipaddressv6: string | null;
  device_type: string | null;
  primary_did: string | null;
  did_middle: string | null;
  did_short: string | null;
  etag: string | null;
  local_storage: string | null;
  shop_tenant_id: string | null;
  tenant_name: string | null;
  cchash: string | null;
  created_by: number | null;
  updated_by: number | null;
  /** Optional expiry (migration 026): the engine ignores the entry from then on. */
  valid_until: Date | null;
  note: string | null;
}
export type NewNegative = Insertable<NegativesTable>;

/** Normalized look-up key of a negative entry (item: NEGATIVE_ITEMS; values: screening/normalize.ts). */
export interface NegativeKeysTable {
  company_id: string;
  item: string;
  value: string;
  negative_id: string;
  /** The entry's valid_until, copied with the keys (migration 026). */
  valid_until: Date | null;
}

export interface WhiteEntriesTable {
  company_id: string;
  entry_type: "ip" | "shopMemberId" | "tel";
  value: string;
  created_at: Generated<Date>;
  created_by: number | null;
  /** The instant the entry stops counting (the end of a JST day); null: no expiry (migration 027). */
  valid_until: Date | null;
  note: Generated<string>;
}

/** Moves on with every change of a tenant's keywords: the engine's in-memory matcher is rebuilt then. */
export interface KeywordListVersionsTable {
  company_id: string;
  version: string;
}

export interface KeywordCategoriesTable {
  company_id: string;
  category_id: string;
  name: string;
  target: "address" | "itemName" | "mailDomain" | "company" | "deliveryCompany";
  created_at: Generated<Date>;
}

export interface KeywordsTable {
  company_id: string;
  category_id: string;
  keyword: string;
  updated_at: Generated<Date>;
  updated_by: number | null;
}

export interface IpGeoRangesTable {
  company_id: string;
  /** inet, inclusive. */
  range_start: string;
  range_end: string;
  country_code: string;
  country_j_name: string | null;
  country_a_name: string | null;
  pref_j_name: string | null;
  pref_a_name: string | null;
  line_j_name: string | null;
  domain_name: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface EventsTable {
  company_id: string;
  event_id: string;
  shop_event_id: string;
  model_id: string;
  rule_package_id: string | null;
  release_id: string | null;
  simulation_release_id: string | null;
  application_id: string | null;
  auth_kind: string | null;
  auth_status: "00" | "10" | "30";
  aaresult: "OK" | "NG" | "HOLD" | "REVIEW";
  maresult: "10" | "20" | "30" | null;
  settle_status: string | null;
  /** Automatic screening time. */
  created_at: Date;
  requested_at: Date;
  deadline: Date | null;
  assignee_id: number | null;
  assignee_name: string | null;
  amount: number;
  total_amount: number | null;
  limit_price: number | null;
  rule_group_name: string | null;
  method: string | null;
  days_to_payment: number | null;
  tenant_name: string | null;
  negatived: Generated<boolean>;
  label_names: Generated<string[]>;
  forced_ng: Generated<boolean>;
  memo: string | null;
  /** SimulationResult (screening/types.ts) of the shadow release, null without one. */
  simulation_result: unknown;
  logically_deleted: Generated<boolean>;
  version: Generated<number>;
  updated_at: Date | null;
  /** A job holding the event (migration 007): 'screening' answers 999, 'updating' 1000. */
  busy_state: "screening" | "updating" | null;
  busy_job_id: string | null;
}
export type EventRow = Selectable<EventsTable>;

export interface EventPartiesTable {
  company_id: string;
  event_id: string;
  party: "purchaser" | "shipping";
  shop_member_id: string | null;
  last_name_hash: string | null;
  first_name_hash: string | null;
  zipcode: string | null;
  full_address: string | null;
  tel: string | null;
  tel_status: string | null;
  mobile_tel: string | null;
  mobile_tel_status: string | null;
  mail_account_hash: string | null;
  mail_domain: string | null;
  mobile_mail_account_hash: string | null;
  mobile_mail_domain: string | null;
  birthdate: string | null;
  sex: string | null;
  company: string | null;
  depart: string | null;
  post: string | null;
  existing_customer_flg: string | null;
  media_code: string | null;
  delivery_company: string | null;
}

export interface EventItemsTable {
  company_id: string;
  event_id: string;
  item_no: number;
  shop_item_id: string | null;
  item_name: string | null;
  price: number;
  quantity: number;
  category: string | null;
  stock: string | null;
}

export interface EventDevicesTable {
  company_id: string;
  event_id: string;
  cookie: string | null;
  primary_did: string | null;
  ipaddress: string | null;
  domain_name: string | null;
  line_j_name: string | null;
  country_code: string | null;
  country_j_name: string | null;
  country_a_name: string | null;
  pref_city_j_name: string | null;
  pref_a_name: string | null;
  latitude: number | null;
  longitude: number | null;
  time_zone: string | null;
  device_type: string | null;
  useragent: string | null;
  browser_language: string | null;
  authori_id: string | null;
  result: string | null;
  user_device_id: string | null;
  did_short: string | null;
  did_middle: string | null;
}

export interface EventCardsTable {
  company_id: string;
  event_id: string;
  issuer: string | null;
  card_brand: string | null;
  bincode: string | null;
  cchash: string | null;
  expiration_date: string | null;
  authori_code: string | null;
  authori_comment: string | null;
  payment_count: number | null;
}

export interface EventFiredRulesTable {
  company_id: string;
  event_id: string;
  release_kind: "normal" | "simulation";
  seq: number;
  rule_code: string;
  rule_description: string;
  rule_group_name: string;
  is_reason_rule: boolean;
  /** The event's created_at (migration 011): the rule-code index is in list order. */
  created_at: Date;
}

export interface EventManualHistoryTable {
  company_id: string;
  event_id: string;
  history_id: Generated<string>;
  updated_at: Date;
  result: "10" | "20" | "30";
  reason: string | null;
  operator_id: number | null;
  operator_name: string | null;
  memo: string | null;
  /** Names of the labels given with the result (migration 007). */
  label_names: Generated<string[]>;
}

export interface EventLinkKeysTable {
  company_id: string;
  key_type: string;
  key_value: string;
  created_at: Date;
  event_id: string;
  amount: number;
}

// Event review (migration 007).

export interface LabelsTable {
  company_id: string;
  label_id: string;
  name: string;
  display_order: Generated<number>;
  created_at: Generated<Date>;
}

/** An event's labels; the event list searches by label through this table (events.label_names mirrors it). */
export interface EventLabelsTable {
  company_id: string;
  event_id: string;
  label_id: string;
}

export interface EventMemosTable {
  company_id: string;
  event_id: string;
  memo_id: Generated<string>;
  created_at: Date;
  operator_id: number | null;
  operator_name: string | null;
  memo: string;
}

export interface EventEditLocksTable {
  company_id: string;
  event_id: string;
  operator_id: number;
  operator_name: string;
  locked_at: Date;
  expires_at: Date;
}

// Event detail display customisation (migration 008).

export interface EventDisplayFormatsTable {
  company_id: string;
  operator_id: number;
  /** A DisplayFormat (src/contract/eventDisplayFormat.ts) as JSON; parsed again on every read. */
  format: unknown;
  updated_at: Generated<Date>;
  /** Taken from the sequence event_display_format_versions at every store (migration 020). */
  version: Generated<number>;
}

// Background jobs and download links (migration 009).

export interface JobsTable {
  company_id: string;
  job_id: string;
  kind: string;
  state: Generated<"queued" | "running" | "done" | "failed">;
  /** The job's input as JSON (validated by its handler). */
  payload: unknown;
  operator_id: number;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  heartbeat_at: Date | null;
  attempts: Generated<number>;
  error: string | null;
  /** What the handler returned, as JSON. */
  result: unknown;
}

export interface DownloadsTable {
  token_hash: string;
  company_id: string;
  operator_id: number;
  job_id: string;
  file_path: string;
  file_name: string;
  content_type: string;
  created_at: Date;
  expires_at: Date;
}

export interface SettleStatusRequestsTable {
  company_id: string;
  /** The request's X-Signature in lower case (it covers the timestamp and the body). */
  signature: string;
  /** Until when the replay window accepts the request. */
  valid_until: Date;
  /** The answer's telegram, given again to a repeat. */
  answer: unknown;
}

/** One operator action (migration 024, src/server/audit); append-only. */
export interface AuditLogTable {
  company_id: string;
  id: Generated<string>;
  at: Date;
  operator_id: number | null;
  actor: string;
  source_ip: string;
  action: string;
  target: string;
  summary: unknown;
}
