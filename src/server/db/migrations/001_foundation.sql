-- Foundation: tenants, roles and permissions, operators, sessions, password reset, login log, allowed IPs.
-- Every tenant table is keyed by company_id first, so every lookup and index starts from the tenant.

create table companies (
  company_id text primary key,
  name text not null,
  contract_div text not null default '10' check (contract_div in ('10', '20')),
  created_at timestamptz not null default now()
);

create table trials (
  company_id text primary key references companies (company_id) on delete cascade,
  event_count integer not null default 0 check (event_count >= 0),
  event_limit integer not null check (event_limit >= 0),
  starts_at timestamptz,
  ends_at timestamptz
);

create table roles (
  company_id text not null references companies (company_id) on delete cascade,
  role_id text not null,
  name text not null,
  primary key (company_id, role_id)
);

create table role_permissions (
  company_id text not null,
  role_id text not null,
  screen_id text not null,
  permission text not null check (permission in ('00', '10', '20')),
  primary key (company_id, role_id, screen_id),
  foreign key (company_id, role_id) references roles (company_id, role_id) on delete cascade
);

create table operators (
  company_id text not null references companies (company_id) on delete cascade,
  id integer generated always as identity,
  email text not null,
  name text not null,
  role_id text not null,
  password_hash text not null,
  failed_login_count integer not null default 0,
  locked_until timestamptz,
  notify_rule boolean not null default false,
  notify_upload boolean not null default false,
  created_at timestamptz not null default now(),
  primary key (company_id, id),
  unique (id),
  foreign key (company_id, role_id) references roles (company_id, role_id)
);
-- Login looks operators up by company and e-mail, case-insensitively.
create unique index operators_company_email on operators (company_id, lower(email));

create table sessions (
  company_id text not null,
  secret_hash text not null,
  csrf_token_hash text not null,
  operator_id integer not null,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  revoked_at timestamptz,
  primary key (company_id, secret_hash),
  foreign key (company_id, operator_id) references operators (company_id, id) on delete cascade
);
-- The cookie carries only the secret, so the session is found by its hash before the tenant is known.
create unique index sessions_secret_hash on sessions (secret_hash);
create index sessions_operator on sessions (company_id, operator_id);

create table password_reset_tokens (
  company_id text not null,
  token_hash text not null,
  operator_id integer not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  primary key (company_id, token_hash),
  foreign key (company_id, operator_id) references operators (company_id, id) on delete cascade
);
create unique index password_reset_tokens_hash on password_reset_tokens (token_hash);

-- A log: company_id is what was typed, which may name no company, so no foreign key.
create table login_attempts (
  company_id text not null,
  id integer generated always as identity,
  email text not null,
  operator_id integer,
  source_ip text not null,
  outcome text not null,
  attempted_at timestamptz not null,
  primary key (company_id, id)
);

create table allowed_ip_addresses (
  company_id text not null references companies (company_id) on delete cascade,
  kind text not null check (kind in ('console', 'api')),
  address text not null,
  subnet integer not null default 32 check (subnet between 0 and 32),
  primary key (company_id, kind, address, subnet)
);
