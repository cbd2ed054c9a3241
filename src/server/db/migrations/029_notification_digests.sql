-- Notification digests (issue 41 part 1, spec section 6): per tenant, the end of the last window a
-- digest was made for. The digest job (jobs/notificationDigest.ts) claims a due row with FOR UPDATE
-- SKIP LOCKED and moves it on in the same transaction, so two processes never mail the same window.
create table notification_digests (
  company_id text primary key references companies (company_id) on delete cascade,
  -- Events created before this instant have been told (or there was nothing to tell).
  sent_until timestamptz not null,
  -- When a digest was last mailed, and its counts (no purchaser data: counts per rule group only).
  last_mailed_at timestamptz,
  last_counts jsonb
);
-- The job looks for the tenants whose window is due.
create index notification_digests_due on notification_digests (sent_until);

alter table notification_digests enable row level security;
create policy tenant_isolation on notification_digests using (company_id = current_setting('console.company_id', true)) with check (company_id = current_setting('console.company_id', true));
