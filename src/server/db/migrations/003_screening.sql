-- Screening (issue 3): rule packages and releases, the lists the engine reads (negative, white,
-- keywords, IP geolocation) and screened events with all their parts. Every key starts with
-- company_id, so every look-up stays inside one tenant. Amounts fit integer (9 digits, spec 5).

-- Rule packages: one per detection model; releases (normal | simulation) are immutable once stored.
create table rule_packages (
  company_id text not null,
  package_id text not null,
  model_id text not null,
  created_at timestamptz not null default now(),
  primary key (company_id, package_id),
  unique (company_id, model_id),
  foreign key (company_id, model_id) references detection_models (company_id, model_id) on delete cascade
);

create table rule_releases (
  company_id text not null,
  release_id text not null,
  package_id text not null,
  model_id text not null,
  kind text not null check (kind in ('normal', 'simulation')),
  starts_at timestamptz not null,
  released_at timestamptz not null,
  released_by integer,
  primary key (company_id, release_id),
  foreign key (company_id, package_id) references rule_packages (company_id, package_id) on delete cascade
);
-- The engine picks the latest started release of each kind per model.
create index rule_releases_model_start on rule_releases (company_id, model_id, kind, starts_at desc);

create table rule_groups (
  company_id text not null,
  release_id text not null,
  group_no integer not null,
  group_name text not null,
  priority integer not null check (priority >= 1),
  judgement text not null check (judgement in ('OK', 'NG', 'HOLD', 'REVIEW')),
  primary key (company_id, release_id, group_no),
  foreign key (company_id, release_id) references rule_releases (company_id, release_id) on delete cascade
);

create table rule_units (
  company_id text not null,
  release_id text not null,
  group_no integer not null,
  unit_no integer not null,
  operator text not null check (operator in ('AND', 'OR')),
  primary key (company_id, release_id, group_no, unit_no),
  foreign key (company_id, release_id, group_no) references rule_groups (company_id, release_id, group_no) on delete cascade
);

-- condition: one member of conditionSchema (src/contract/rules.ts), validated when stored.
create table rules (
  company_id text not null,
  release_id text not null,
  group_no integer not null,
  unit_no integer not null,
  rule_no integer not null,
  rule_code text not null,
  description text not null,
  condition jsonb not null,
  primary key (company_id, release_id, group_no, unit_no, rule_no),
  foreign key (company_id, release_id, group_no, unit_no) references rule_units (company_id, release_id, group_no, unit_no) on delete cascade
);

-- Negative entries (spec 3) and their normalized look-up keys (item: NEGATIVE_ITEMS of rules.ts).
create table negatives (
  company_id text not null references companies (company_id) on delete cascade,
  negative_id bigint generated always as identity,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  add_type text,
  event_id text,
  shop_event_id text,
  customer_type text,
  shop_member_id text,
  normalized_last_name text,
  normalized_first_name text,
  zipcode text,
  full_address text,
  birth_date text,
  tel text,
  mobile_tel text,
  mail_account text,
  mail_domain text,
  mobile_mail_account text,
  mobile_mail_domain text,
  company text,
  depart text,
  cookie text,
  settle_category text,
  other_category text,
  ipaddress text,
  ipaddressv6 text,
  device_type text,
  primary_did text,
  did_middle text,
  did_short text,
  etag text,
  local_storage text,
  shop_tenant_id text,
  tenant_name text,
  cchash text,
  created_by integer,
  updated_by integer,
  primary key (company_id, negative_id)
);
create index negatives_updated on negatives (company_id, updated_at desc, negative_id desc);

create table negative_keys (
  company_id text not null,
  item text not null,
  value text not null,
  negative_id bigint not null,
  primary key (company_id, item, value, negative_id),
  foreign key (company_id, negative_id) references negatives (company_id, negative_id) on delete cascade
);
create index negative_keys_negative on negative_keys (company_id, negative_id);

-- White entries: a match makes the event OK unless FORCED_EVENT_NG fires. A duplicate refreshes
-- created_at and created_by (spec 5), hence the unique key.
create table white_entries (
  company_id text not null references companies (company_id) on delete cascade,
  entry_type text not null check (entry_type in ('ip', 'shopMemberId', 'tel')),
  value text not null,
  created_at timestamptz not null default now(),
  created_by integer,
  primary key (company_id, entry_type, value)
);
create index white_entries_created on white_entries (company_id, created_at desc);

-- Keyword categories (target: KEYWORD_TARGETS of rules.ts) and their keywords.
create table keyword_categories (
  company_id text not null references companies (company_id) on delete cascade,
  category_id text not null,
  name text not null,
  target text not null check (target in ('address', 'itemName', 'mailDomain', 'company', 'deliveryCompany')),
  created_at timestamptz not null default now(),
  primary key (company_id, category_id)
);

create table keywords (
  company_id text not null,
  category_id text not null,
  keyword text not null,
  updated_at timestamptz not null default now(),
  updated_by integer,
  primary key (company_id, category_id, keyword),
  foreign key (company_id, category_id) references keyword_categories (company_id, category_id) on delete cascade
);

-- IP geolocation ranges (inclusive), per tenant; the demo seed loads a synthetic set.
create table ip_geo_ranges (
  company_id text not null references companies (company_id) on delete cascade,
  range_start inet not null,
  range_end inet not null,
  country_code text not null,
  country_j_name text,
  country_a_name text,
  pref_j_name text,
  pref_a_name text,
  line_j_name text,
  domain_name text,
  latitude double precision,
  longitude double precision,
  primary key (company_id, range_start)
);

-- Events: one screened payment. created_at is the automatic screening time.
create table events (
  company_id text not null references companies (company_id) on delete cascade,
  event_id text not null,
  shop_event_id text not null,
  model_id text not null,
  rule_package_id text,
  release_id text,
  simulation_release_id text,
  application_id text,
  auth_kind text,
  auth_status text not null check (auth_status in ('00', '10', '30')),
  aaresult text not null check (aaresult in ('OK', 'NG', 'HOLD', 'REVIEW')),
  maresult text check (maresult in ('10', '20', '30')),
  settle_status text,
  created_at timestamptz not null,
  requested_at timestamptz not null,
  deadline timestamptz,
  assignee_id integer,
  assignee_name text,
  amount integer not null,
  total_amount integer,
  limit_price integer,
  rule_group_name text,
  method text,
  days_to_payment integer,
  tenant_name text,
  negatived boolean not null default false,
  label_names text[] not null default '{}',
  forced_ng boolean not null default false,
  memo text,
  simulation_result jsonb,
  logically_deleted boolean not null default false,
  version integer not null default 1,
  updated_at timestamptz,
  primary key (company_id, event_id)
);
-- Idempotency of the screening API: one event per shop event ID and tenant.
create unique index events_shop_event_id on events (company_id, shop_event_id);
-- The event list pages newest first.
create index events_created on events (company_id, created_at desc, event_id desc);

create table event_parties (
  company_id text not null,
  event_id text not null,
  party text not null check (party in ('purchaser', 'shipping')),
  shop_member_id text,
  last_name_hash text,
  first_name_hash text,
  zipcode text,
  full_address text,
  tel text,
  tel_status text,
  mobile_tel text,
  mobile_tel_status text,
  mail_account_hash text,
  mail_domain text,
  mobile_mail_account_hash text,
  mobile_mail_domain text,
  birthdate text,
  sex text,
  company text,
  depart text,
  post text,
  existing_customer_flg text,
  media_code text,
  delivery_company text,
  primary key (company_id, event_id, party),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade
);

create table event_items (
  company_id text not null,
  event_id text not null,
  item_no integer not null,
  shop_item_id text,
  item_name text,
  price integer not null,
  quantity integer not null,
  category text,
  stock text,
  primary key (company_id, event_id, item_no),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade
);

create table event_devices (
  company_id text not null,
  event_id text not null,
  cookie text,
  primary_did text,
  ipaddress text,
  domain_name text,
  line_j_name text,
  country_code text,
  country_j_name text,
  country_a_name text,
  pref_city_j_name text,
  pref_a_name text,
  latitude double precision,
  longitude double precision,
  time_zone text,
  device_type text,
  useragent text,
  browser_language text,
  authori_id text,
  result text,
  user_device_id text,
  did_short text,
  did_middle text,
  primary key (company_id, event_id),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade
);

create table event_cards (
  company_id text not null,
  event_id text not null,
  issuer text,
  card_brand text,
  bincode text,
  cchash text,
  expiration_date text,
  authori_code text,
  authori_comment text,
  payment_count integer,
  primary key (company_id, event_id),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade
);

-- Fired rules of the deciding (normal) release and of the shadow (simulation) release.
create table event_fired_rules (
  company_id text not null,
  event_id text not null,
  release_kind text not null check (release_kind in ('normal', 'simulation')),
  seq integer not null,
  rule_code text not null,
  rule_description text not null,
  rule_group_name text not null,
  is_reason_rule boolean not null,
  primary key (company_id, event_id, release_kind, seq),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade
);
-- Event list search by rule code.
create index event_fired_rules_code on event_fired_rules (company_id, rule_code, event_id);

create table event_manual_history (
  company_id text not null,
  event_id text not null,
  history_id bigint generated always as identity,
  updated_at timestamptz not null,
  result text not null check (result in ('10', '20', '30')),
  reason text,
  operator_id integer,
  operator_name text,
  memo text,
  primary key (company_id, event_id, history_id),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade
);

-- Links between an event and the tenant's earlier events sharing a key (LINK_KEYS of rules.ts).
create table event_relations (
  company_id text not null,
  event_id text not null,
  related_event_id text not null,
  shared_key text not null,
  ma_addition_amount_flg boolean not null default false,
  primary key (company_id, event_id, related_event_id, shared_key),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade
);
create index event_relations_related on event_relations (company_id, related_event_id);

-- Normalized link keys of each event: velocity counts and sums and related-event look-ups are index
-- range scans on (company, key type, key value, time); amount is included for index-only sums.
create table event_link_keys (
  company_id text not null,
  key_type text not null,
  key_value text not null,
  created_at timestamptz not null,
  event_id text not null,
  amount integer not null,
  primary key (company_id, key_type, key_value, created_at, event_id) include (amount),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade
);
create index event_link_keys_event on event_link_keys (company_id, event_id);
