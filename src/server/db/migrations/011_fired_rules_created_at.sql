-- Event list search by rule code (issue 4 bench: first page of 200 in 50 ms on 1M+ events): the
-- fired rules carry their event's created_at (set once, when the event is screened, like events.created_at),
-- so the first page of a rule code is read from one index already in list order (created_at desc,
-- event_id desc) instead of walking the tenant's events newest first and probing each for the rule.

-- The old rule-code index goes first, so the backfill below does not maintain it; the new one covers
-- its look-ups (company, rule code, release kind, and the event ID in the index).
drop index event_fired_rules_code;

alter table event_fired_rules add column created_at timestamptz;

update event_fired_rules f set created_at = e.created_at
  from events e
  where e.company_id = f.company_id and e.event_id = f.event_id;

alter table event_fired_rules alter column created_at set not null;

create index event_fired_rules_code on event_fired_rules
  (company_id, rule_code, release_kind, created_at desc, event_id desc);
