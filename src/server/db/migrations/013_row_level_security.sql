-- Row-level security: the second wall behind every query's explicit `where company_id = ...`.
-- Console calls and jobs run as the NOLOGIN role console_tenant with console.company_id set to the
-- session's tenant (src/server/db/tenantScopedDialect.ts); then every table that has company_id shows
-- and accepts only that tenant's rows. The connecting user (the tables' owner) is the system context
-- (migrations, seed, admin CLI, job claiming, login, the screening API): RLS is enabled but not forced,
-- so the owner is not bound by the policies. Superusers bypass RLS anyway, which is why the tenant
-- context switches role instead of relying on the setting alone.
-- Bodies stay on one line: migrate.ts splits statements at a ";" that ends a line.

-- Roles are cluster-wide and databases migrate concurrently (tests): another migration creating the
-- role at the same moment is fine. Without CREATEROLE the role is left out and RLS stays inactive for
-- this user (the server logs a warning when it finds no role it may switch to).
do $$ begin create role console_tenant nologin; exception when duplicate_object or unique_violation then null; when insufficient_privilege then raise warning 'console_tenant role not created (no CREATEROLE): row-level security stays inactive'; end $$;

-- The connecting user must be a member to switch to the role (a superuser already may).
do $$ begin if exists (select from pg_roles where rolname = 'console_tenant') and not pg_has_role(current_user, 'console_tenant', 'member') then grant console_tenant to current_user; end if; exception when unique_violation or insufficient_privilege then raise warning 'console_tenant not granted to %: row-level security stays inactive', current_user; end $$;

-- What the console does, on today's tables and sequences and on those later migrations create.
do $$ begin if exists (select from pg_roles where rolname = 'console_tenant') then execute format('grant select, insert, update, delete on all tables in schema %I to console_tenant', current_schema()); execute format('grant usage, select on all sequences in schema %I to console_tenant', current_schema()); execute format('alter default privileges in schema %I grant select, insert, update, delete on tables to console_tenant', current_schema()); execute format('alter default privileges in schema %I grant usage, select on sequences to console_tenant', current_schema()); end if; end $$;

-- Every table with company_id: the tenant's rows only, for reading and for writing. The policy is for
-- every role (not only console_tenant), so any other non-owner role is shut out until it sets a tenant.
-- A later migration that adds a tenant table enables RLS on it the same way (rowLevelSecurity.test.ts
-- fails otherwise).
do $$ declare t text; begin for t in select c.relname from pg_class c join pg_attribute a on a.attrelid = c.oid where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and a.attname = 'company_id' and not a.attisdropped order by 1 loop execute format('alter table %I enable row level security', t); execute format('create policy tenant_isolation on %I using (company_id = current_setting(''console.company_id'', true)) with check (company_id = current_setting(''console.company_id'', true))', t); end loop; end $$;
