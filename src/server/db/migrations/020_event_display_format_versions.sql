-- Event detail display customisation: the version a save or a reset presents (a stale one answers 015,
-- so two tabs saving do not overwrite each other silently). Every stored layout takes a new number of
-- one sequence, never reused: a row deleted (back to the default, which answers version 0) and stored
-- again cannot come back with a version an old tab still holds.
create sequence event_display_format_versions as integer;
alter table event_display_formats add column version integer not null default nextval('event_display_format_versions');
