-- The events' primary key and events_key_search (migration 006) indexed the same key, (company_id,
-- event_id), and every screening wrote both. The one that carries the deleted flag and the model
-- (what a search checks on an event found through a part table) becomes the primary key; the other
-- goes. The tables written by operators reference the key again, now through that index.
alter table event_manual_history drop constraint event_manual_history_company_id_event_id_fkey;
alter table event_labels drop constraint event_labels_company_id_event_id_fkey;
alter table event_memos drop constraint event_memos_company_id_event_id_fkey;
alter table event_edit_locks drop constraint event_edit_locks_company_id_event_id_fkey;
alter table events drop constraint events_pkey;
alter table events add constraint events_pkey primary key using index events_key_search;
alter table event_manual_history add constraint event_manual_history_company_id_event_id_fkey
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade;
alter table event_labels add constraint event_labels_company_id_event_id_fkey
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade;
alter table event_memos add constraint event_memos_company_id_event_id_fkey
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade;
alter table event_edit_locks add constraint event_edit_locks_company_id_event_id_fkey
  foreign key (company_id, event_id) references events (company_id, event_id) on delete cascade;
