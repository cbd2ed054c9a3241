-- Event review (issue 4): the tenant's labels and each event's labels, screening memos, the edit lock
-- an opened action dialog holds (688) and the job-busy state of an event (999 / 1000).
--
-- Searching events by label (the event list): use event_labels, never events.label_names:
--   exists (select 1 from event_labels l where l.company_id = e.company_id and l.event_id = e.event_id
--           and l.label_id in (...))
-- or, driving from the label, event_labels_label (company_id, label_id, event_id) joined to events.
-- events.label_names is kept in step with event_labels by every label change (the event services write
-- both in one transaction), so lists and CSV files show the names without a join.

-- The tenant's labels, shown in display_order (then label_id).
create table labels (
  company_id text not null references companies (company_id) on delete cascade,
  label_id text not null,
  name text not null,
  display_order integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (company_id, label_id)
);

create table event_labels (
  company_id text not null,
  event_id text not null,
  label_id text not null,
  primary key (company_id, event_id, label_id),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade,
  foreign key (company_id, label_id) references labels (company_id, label_id) on delete cascade
);
create index event_labels_label on event_labels (company_id, label_id, event_id);

-- The labels given with a manual result, as they were named then.
alter table event_manual_history add column label_names text[] not null default '{}';

-- Screening memos added from the event detail (up to 500 characters), newest first.
create table event_memos (
  company_id text not null,
  event_id text not null,
  memo_id bigint generated always as identity,
  created_at timestamptz not null,
  operator_id integer,
  operator_name text,
  memo text not null,
  primary key (company_id, event_id, memo_id),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade
);

-- One edit lock per event: taken when an operator opens an action dialog, released by saving or
-- cancelling, ignored once expired (EDIT_LOCK_MINUTES of src/contract/eventActions.ts).
create table event_edit_locks (
  company_id text not null,
  event_id text not null,
  operator_id integer not null,
  operator_name text not null,
  locked_at timestamptz not null,
  expires_at timestamptz not null,
  primary key (company_id, event_id),
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade
);

-- A CSV screening job screening the event (999) or a CSV update job updating it (1000); the job sets
-- and clears it with its own ID. Null: no job holds the event.
alter table events add column busy_state text check (busy_state in ('screening', 'updating'));
alter table events add column busy_job_id text;

-- Negative entries registered from an event (release deletes the event's entries of one party).
create index negatives_event on negatives (company_id, event_id, customer_type) where event_id is not null;
