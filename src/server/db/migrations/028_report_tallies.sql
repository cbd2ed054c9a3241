-- Screening result report at scale (issue 42 part 3, docs/reportSpeed.md): the report and the rule
-- hit statistics sum day tallies instead of aggregating the events at every call. The tallies are
-- kept exact by statement-level AFTER triggers on events and event_fired_rules (transition tables),
-- in the transaction of the change, so every write path (the screening store, manual results,
-- negative registrations, CSV jobs, logical deletes, the seed) is covered with no service edited.
-- The triggers only ever INSERT signed delta rows (+/- count and amount), so concurrent screenings
-- never wait on a shared tally row; fold_report_tallies (run by a job) sums a tenant's deltas into
-- one row per key. A figure is the sum of a key's rows, exact at every moment.
-- Bodies keep every ";" inside a line: migrate.ts splits statements at a ";" that ends a line.

-- One row per delta of (tenant, model, Japan-time day, automatic result, manual result, negatived):
-- the number of events not logically deleted and their amount. No primary key: a key has many rows
-- until it is folded.
create table report_day_tallies (
  company_id text not null,
  model_id text not null,
  day date not null,
  aaresult text not null,
  maresult text,
  negatived boolean not null,
  events integer not null,
  amount bigint not null
);
create index report_day_tallies_key on report_day_tallies (company_id, model_id, day);

-- One row per delta of (tenant, model, Japan-time day of the event, release kind, rule code, the
-- code's description on the event): events the code fired on (once per event), of them with the
-- code as a reason rule, manual NG, manual OK, negatived. normal: the event's event_fired_rules rows
-- of the deciding release; simulation: events.simulation_result's firedRules (migration 014).
create table rule_hit_day_tallies (
  company_id text not null,
  model_id text not null,
  day date not null,
  release_kind text not null check (release_kind in ('normal', 'simulation')),
  rule_code text not null,
  rule_description text not null,
  hits integer not null,
  reason_hits integer not null,
  manual_ng integer not null,
  manual_ok integer not null,
  negatived integer not null
);
create index rule_hit_day_tallies_key on rule_hit_day_tallies (company_id, model_id, release_kind, day);

alter table report_day_tallies enable row level security;
create policy tenant_isolation on report_day_tallies using (company_id = current_setting('console.company_id', true)) with check (company_id = current_setting('console.company_id', true));
alter table rule_hit_day_tallies enable row level security;
create policy tenant_isolation on rule_hit_day_tallies using (company_id = current_setting('console.company_id', true)) with check (company_id = current_setting('console.company_id', true));

-- The Japan-time day of an instant (UTC+9, no daylight saving), as the report's periods are.
create function japan_day(timestamptz) returns date language sql immutable parallel safe as $$ select (($1 at time zone 'UTC') + interval '9 hours')::date $$;

-- The tallies' change for event rows leaving (minus) and arriving (plus): a logically deleted row
-- counts nothing. with_fired: also the deciding release's rule hits from the events' current
-- event_fired_rules rows (an event's insert leaves them to the fired rules' own trigger: the store
-- writes an event and its fired rules in one statement, fired rules never before their event).
create function event_tallies_apply(plus events[], minus events[], with_fired boolean) returns void language plpgsql as $$ begin
  insert into report_day_tallies (company_id, model_id, day, aaresult, maresult, negatived, events, amount)
    select company_id, model_id, japan_day(created_at), aaresult, maresult, negatived, sum(sign)::integer, sum(sign * amount)::bigint
    from (select 1 as sign, * from unnest(plus) union all select -1 as sign, * from unnest(minus)) s
    where not logically_deleted
    group by company_id, model_id, japan_day(created_at), aaresult, maresult, negatived
    having sum(sign) <> 0 or sum(sign * amount) <> 0; insert into rule_hit_day_tallies (company_id, model_id, day, release_kind, rule_code, rule_description, hits, reason_hits, manual_ng, manual_ok, negatived)
    select company_id, model_id, day, 'simulation', rule_code, rule_description, sum(sign)::integer, sum(sign * coalesce(reason, false)::integer)::integer, sum(sign * (coalesce(maresult, '') = '20')::integer)::integer, sum(sign * (coalesce(maresult, '') = '10')::integer)::integer, sum(sign * negatived::integer)::integer
    from (select s.sign, s.company_id, s.event_id, s.model_id, japan_day(s.created_at) as day, s.maresult, s.negatived, r ->> 'ruleCode' as rule_code, min(r ->> 'ruleDescription') as rule_description, bool_or((r ->> 'isReasonRule')::boolean) as reason
      from (select 1 as sign, * from unnest(plus) union all select -1 as sign, * from unnest(minus)) s
      cross join lateral jsonb_array_elements(s.simulation_result -> 'firedRules') as r
      where not s.logically_deleted and s.simulation_result is not null
      group by s.sign, s.company_id, s.event_id, s.model_id, japan_day(s.created_at), s.maresult, s.negatived, r ->> 'ruleCode') per_event
    group by company_id, model_id, day, rule_code, rule_description
    having sum(sign) <> 0 or sum(sign * coalesce(reason, false)::integer) <> 0 or sum(sign * (coalesce(maresult, '') = '20')::integer) <> 0 or sum(sign * (coalesce(maresult, '') = '10')::integer) <> 0 or sum(sign * negatived::integer) <> 0; if with_fired then insert into rule_hit_day_tallies (company_id, model_id, day, release_kind, rule_code, rule_description, hits, reason_hits, manual_ng, manual_ok, negatived)
    select company_id, model_id, day, 'normal', rule_code, rule_description, sum(sign)::integer, sum(sign * coalesce(reason, false)::integer)::integer, sum(sign * (coalesce(maresult, '') = '20')::integer)::integer, sum(sign * (coalesce(maresult, '') = '10')::integer)::integer, sum(sign * negatived::integer)::integer
    from (select s.sign, s.company_id, s.event_id, s.model_id, japan_day(s.created_at) as day, s.maresult, s.negatived, f.rule_code, min(f.rule_description) as rule_description, bool_or(f.is_reason_rule) as reason
      from (select 1 as sign, * from unnest(plus) union all select -1 as sign, * from unnest(minus)) s
      join event_fired_rules f on f.company_id = s.company_id and f.event_id = s.event_id and f.release_kind = 'normal'
      where not s.logically_deleted
      group by s.sign, s.company_id, s.event_id, s.model_id, japan_day(s.created_at), s.maresult, s.negatived, f.rule_code) per_event
    group by company_id, model_id, day, rule_code, rule_description
    having sum(sign) <> 0 or sum(sign * coalesce(reason, false)::integer) <> 0 or sum(sign * (coalesce(maresult, '') = '20')::integer) <> 0 or sum(sign * (coalesce(maresult, '') = '10')::integer) <> 0 or sum(sign * negatived::integer) <> 0; end if; end $$;

-- events: inserted rows arrive, deleted rows leave; an update moves only the rows whose tallied
-- columns changed (PostgreSQL allows no column list on a trigger with transition tables, so the
-- filter is here): the model, the Japan day, the automatic and manual results, negatived, logical
-- delete, amount and the Simulation release's result. A truncate empties both tallies.
create function events_tallies_trigger() returns trigger language plpgsql as $$ begin if tg_op = 'INSERT' then perform event_tallies_apply(array(select row(n.*)::events from new_table n where not n.logically_deleted), '{}', false); elsif tg_op = 'DELETE' then perform event_tallies_apply('{}', array(select row(o.*)::events from old_table o where not o.logically_deleted), true); elsif tg_op = 'UPDATE' then perform event_tallies_apply(array(select row(n.*)::events from new_table n join old_table o on o.company_id = n.company_id and o.event_id = n.event_id where (o.model_id, o.created_at, o.aaresult, o.maresult, o.negatived, o.logically_deleted, o.amount, o.simulation_result) is distinct from (n.model_id, n.created_at, n.aaresult, n.maresult, n.negatived, n.logically_deleted, n.amount, n.simulation_result) and not n.logically_deleted), array(select row(o.*)::events from new_table n join old_table o on o.company_id = n.company_id and o.event_id = n.event_id where (o.model_id, o.created_at, o.aaresult, o.maresult, o.negatived, o.logically_deleted, o.amount, o.simulation_result) is distinct from (n.model_id, n.created_at, n.aaresult, n.maresult, n.negatived, n.logically_deleted, n.amount, n.simulation_result) and not o.logically_deleted), true); end if; return null; end $$;
create trigger events_tallies_insert after insert on events referencing new table as new_table for each statement execute function events_tallies_trigger();
create trigger events_tallies_update after update on events referencing old table as old_table new table as new_table for each statement execute function events_tallies_trigger();
create trigger events_tallies_delete after delete on events referencing old table as old_table for each statement execute function events_tallies_trigger();
create function events_tallies_truncate() returns trigger language plpgsql as $$ begin delete from report_day_tallies; delete from rule_hit_day_tallies; return null; end $$;
create trigger events_tallies_truncate after truncate on events for each statement execute function events_tallies_truncate();

-- event_fired_rules (deciding release only): the rule hits of the events whose rows changed, with
-- the events' current state, before (the current rows less the added, plus the removed) and after
-- (the current rows). Rows of an event not (yet) stored count nothing.
create function fired_tallies_apply(added event_fired_rules[], removed event_fired_rules[]) returns void language plpgsql as $$ begin
  with touched as (select distinct company_id, event_id from (select company_id, event_id from unnest(added) where release_kind = 'normal' union all select company_id, event_id from unnest(removed) where release_kind = 'normal') t),
  after_rows as (select f.company_id, f.event_id, f.seq, f.rule_code, f.rule_description, f.is_reason_rule from event_fired_rules f join touched t on f.company_id = t.company_id and f.event_id = t.event_id where f.release_kind = 'normal'),
  signed as (select 1 as sign, a.company_id, a.event_id, a.rule_code, a.rule_description, a.is_reason_rule from after_rows a
    union all select -1, a.company_id, a.event_id, a.rule_code, a.rule_description, a.is_reason_rule from after_rows a where not exists (select from unnest(added) n where n.company_id = a.company_id and n.event_id = a.event_id and n.release_kind = 'normal' and n.seq = a.seq)
    union all select -1, r.company_id, r.event_id, r.rule_code, r.rule_description, r.is_reason_rule from unnest(removed) r where r.release_kind = 'normal'),
  per_event as (select s.sign, e.company_id, e.model_id, japan_day(e.created_at) as day, e.maresult, e.negatived, s.rule_code, min(s.rule_description) as rule_description, bool_or(s.is_reason_rule) as reason
    from signed s join events e on e.company_id = s.company_id and e.event_id = s.event_id
    where not e.logically_deleted
    group by s.sign, e.company_id, e.event_id, e.model_id, e.created_at, e.maresult, e.negatived, s.rule_code)
  insert into rule_hit_day_tallies (company_id, model_id, day, release_kind, rule_code, rule_description, hits, reason_hits, manual_ng, manual_ok, negatived)
    select company_id, model_id, day, 'normal', rule_code, rule_description, sum(sign)::integer, sum(sign * coalesce(reason, false)::integer)::integer, sum(sign * (coalesce(maresult, '') = '20')::integer)::integer, sum(sign * (coalesce(maresult, '') = '10')::integer)::integer, sum(sign * negatived::integer)::integer
    from per_event
    group by company_id, model_id, day, rule_code, rule_description
    having sum(sign) <> 0 or sum(sign * coalesce(reason, false)::integer) <> 0 or sum(sign * (coalesce(maresult, '') = '20')::integer) <> 0 or sum(sign * (coalesce(maresult, '') = '10')::integer) <> 0 or sum(sign * negatived::integer) <> 0; end $$;

create function fired_tallies_trigger() returns trigger language plpgsql as $$ begin if tg_op = 'INSERT' then perform fired_tallies_apply(array(select row(n.*)::event_fired_rules from new_table n where n.release_kind = 'normal'), '{}'); elsif tg_op = 'DELETE' then perform fired_tallies_apply('{}', array(select row(o.*)::event_fired_rules from old_table o where o.release_kind = 'normal')); elsif tg_op = 'UPDATE' then perform fired_tallies_apply(array(select row(n.*)::event_fired_rules from new_table n where n.release_kind = 'normal'), array(select row(o.*)::event_fired_rules from old_table o where o.release_kind = 'normal')); end if; return null; end $$;
create trigger fired_tallies_insert after insert on event_fired_rules referencing new table as new_table for each statement execute function fired_tallies_trigger();
create trigger fired_tallies_update after update on event_fired_rules referencing old table as old_table new table as new_table for each statement execute function fired_tallies_trigger();
create trigger fired_tallies_delete after delete on event_fired_rules referencing old table as old_table for each statement execute function fired_tallies_trigger();
create function fired_tallies_truncate() returns trigger language plpgsql as $$ begin delete from rule_hit_day_tallies where release_kind = 'normal'; return null; end $$;
create trigger fired_tallies_truncate after truncate on event_fired_rules for each statement execute function fired_tallies_truncate();

-- Sums a tenant's delta rows into one row per key, for the keys that have more than one (keys that
-- sum to nothing go); answers how many rows went. Rows a concurrent transaction adds meanwhile are
-- not in the delete's snapshot and stay as they are, so the figures are exact throughout.
create function fold_report_tallies(company text) returns integer language plpgsql as $$ declare report_gone integer; rule_gone integer; begin
  with keys as (select model_id, day, aaresult, maresult, negatived from report_day_tallies where company_id = company group by model_id, day, aaresult, maresult, negatived having count(*) > 1),
  gone as (delete from report_day_tallies t using keys k where t.company_id = company and t.model_id = k.model_id and t.day = k.day and t.aaresult = k.aaresult and t.maresult is not distinct from k.maresult and t.negatived = k.negatived returning t.*),
  kept as (insert into report_day_tallies (company_id, model_id, day, aaresult, maresult, negatived, events, amount)
    select company_id, model_id, day, aaresult, maresult, negatived, sum(events)::integer, sum(amount)::bigint from gone
    group by company_id, model_id, day, aaresult, maresult, negatived having sum(events) <> 0 or sum(amount) <> 0 returning 1)
  select (select count(*) from gone) - (select count(*) from kept) into report_gone; with keys as (select model_id, day, release_kind, rule_code, rule_description from rule_hit_day_tallies where company_id = company group by model_id, day, release_kind, rule_code, rule_description having count(*) > 1),
  gone as (delete from rule_hit_day_tallies t using keys k where t.company_id = company and t.model_id = k.model_id and t.day = k.day and t.release_kind = k.release_kind and t.rule_code = k.rule_code and t.rule_description = k.rule_description returning t.*),
  kept as (insert into rule_hit_day_tallies (company_id, model_id, day, release_kind, rule_code, rule_description, hits, reason_hits, manual_ng, manual_ok, negatived)
    select company_id, model_id, day, release_kind, rule_code, rule_description, sum(hits)::integer, sum(reason_hits)::integer, sum(manual_ng)::integer, sum(manual_ok)::integer, sum(negatived)::integer from gone
    group by company_id, model_id, day, release_kind, rule_code, rule_description
    having sum(hits) <> 0 or sum(reason_hits) <> 0 or sum(manual_ng) <> 0 or sum(manual_ok) <> 0 or sum(negatived) <> 0 returning 1)
  select (select count(*) from gone) - (select count(*) from kept) into rule_gone; return report_gone + rule_gone; end $$;

-- The existing events, once.
insert into report_day_tallies (company_id, model_id, day, aaresult, maresult, negatived, events, amount)
  select company_id, model_id, japan_day(created_at), aaresult, maresult, negatived, count(*)::integer, sum(amount)::bigint
  from events where not logically_deleted
  group by company_id, model_id, japan_day(created_at), aaresult, maresult, negatived;

insert into rule_hit_day_tallies (company_id, model_id, day, release_kind, rule_code, rule_description, hits, reason_hits, manual_ng, manual_ok, negatived)
  select company_id, model_id, day, 'normal', rule_code, rule_description, count(*)::integer, count(*) filter (where reason)::integer, count(*) filter (where maresult = '20')::integer, count(*) filter (where maresult = '10')::integer, count(*) filter (where negatived)::integer
  from (select e.company_id, e.model_id, japan_day(e.created_at) as day, e.maresult, e.negatived, f.rule_code, min(f.rule_description) as rule_description, bool_or(f.is_reason_rule) as reason
    from event_fired_rules f join events e on e.company_id = f.company_id and e.event_id = f.event_id
    where f.release_kind = 'normal' and not e.logically_deleted
    group by e.company_id, e.event_id, e.model_id, e.created_at, e.maresult, e.negatived, f.rule_code) per_event
  group by company_id, model_id, day, rule_code, rule_description;

insert into rule_hit_day_tallies (company_id, model_id, day, release_kind, rule_code, rule_description, hits, reason_hits, manual_ng, manual_ok, negatived)
  select company_id, model_id, day, 'simulation', rule_code, rule_description, count(*)::integer, count(*) filter (where reason)::integer, count(*) filter (where maresult = '20')::integer, count(*) filter (where maresult = '10')::integer, count(*) filter (where negatived)::integer
  from (select e.company_id, e.model_id, japan_day(e.created_at) as day, e.maresult, e.negatived, r ->> 'ruleCode' as rule_code, min(r ->> 'ruleDescription') as rule_description, bool_or((r ->> 'isReasonRule')::boolean) as reason
    from events e cross join lateral jsonb_array_elements(e.simulation_result -> 'firedRules') as r
    where not e.logically_deleted and e.simulation_result is not null
    group by e.company_id, e.event_id, e.model_id, e.created_at, e.maresult, e.negatived, r ->> 'ruleCode') per_event
  group by company_id, model_id, day, rule_code, rule_description;
