-- Administration (issue 41): an edit of an operator or a role names the version it was read at, so a
-- save against a stale screen answers 015 instead of overwriting another administrator's change.
alter table operators add column version integer not null default 1;
alter table roles add column version integer not null default 1;

-- The new AuditLog screen gets each existing role's permission for the operator list: whoever may
-- administer operators may read who did what (new tenants get it from their standard roles).
insert into role_permissions (company_id, role_id, screen_id, permission) select company_id, role_id, 'AuditLog', case when permission = '20' then '20' else '10' end from role_permissions where screen_id = 'OperatorList' on conflict do nothing;

-- The audit log: one row per operator action that changes data or reveals a secret, written in the
-- same transaction as the change (src/server/audit). No foreign key to operators: a deleted
-- operator's actions stay on record; `actor` keeps the e-mail address they had then.
create table audit_log (
  company_id text not null references companies (company_id) on delete cascade,
  id bigint generated always as identity,
  at timestamptz not null,
  operator_id integer,
  actor text not null,
  source_ip text not null,
  action text not null,
  target text not null,
  summary jsonb not null,
  primary key (company_id, id)
);
-- The audit screen pages newest first, by date range and by operator (keyset on at, id).
create index audit_log_company_at on audit_log (company_id, at desc, id desc);
create index audit_log_company_operator_at on audit_log (company_id, operator_id, at desc, id desc);
-- The retention purge deletes the oldest rows of every tenant.
create index audit_log_at on audit_log (at);

alter table audit_log enable row level security;
create policy tenant_isolation on audit_log using (company_id = current_setting('console.company_id', true)) with check (company_id = current_setting('console.company_id', true));

-- Append-only: no row is ever changed, and the console's tenant role may only add and read; the
-- retention purge (jobs/auditLogPurge.ts) deletes as the owner.
create function audit_log_append_only() returns trigger language plpgsql as $$ begin raise exception 'audit_log is append-only'; end $$;
create trigger audit_log_no_update before update on audit_log for each row execute function audit_log_append_only();
do $$ begin if exists (select from pg_roles where rolname = 'console_tenant') then execute 'revoke update, delete, truncate on audit_log from console_tenant'; end if; end $$;
