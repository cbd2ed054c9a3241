-- Cheaper screening writes (the screening API's throughput is the product's hot path).
-- The engine's store (src/server/screening/storeEvent.ts) writes an event and all its parts in one
-- statement, parts only for the events that statement inserted, and events are never deleted
-- (logical delete only). The foreign keys of that path therefore proved nothing the statement does
-- not, yet each part row paid a look-up and a KEY SHARE lock on its event, and each event one on its
-- company's row (shared by every concurrent screening of the tenant, so PostgreSQL had to create a
-- multixact for it). These keys go; tables written by operators (manual history, memos, labels, edit
-- locks) keep theirs.
alter table events drop constraint if exists events_company_id_fkey;
alter table event_parties drop constraint if exists event_parties_company_id_event_id_fkey;
alter table event_items drop constraint if exists event_items_company_id_event_id_fkey;
alter table event_devices drop constraint if exists event_devices_company_id_event_id_fkey;
alter table event_cards drop constraint if exists event_cards_company_id_event_id_fkey;
alter table event_fired_rules drop constraint if exists event_fired_rules_company_id_event_id_fkey;
alter table event_link_keys drop constraint if exists event_link_keys_company_id_event_id_fkey;

-- The rule-code search is over the deciding (normal) release only; Simulation releases fire about as
-- many rules again, which the index carried for nothing: it now holds the normal release's rows.
drop index event_fired_rules_code;
create index event_fired_rules_code on event_fired_rules (company_id, rule_code, created_at desc, event_id desc)
  where release_kind = 'normal';
