-- Event detail display customisation (/EventItemDisplayFormatEdit): one saved layout per operator.
-- No row means the operator uses DEFAULT_DISPLAY_FORMAT (src/contract/eventDisplayFormat.ts); a reset
-- that brings every part back to the default deletes the row. The format is JSON checked by
-- displayFormatSchema on the way in and on the way out (services/eventDisplayFormatService.ts).
create table event_display_formats (
  company_id text not null,
  operator_id integer not null,
  format jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (company_id, operator_id),
  foreign key (company_id, operator_id) references operators (company_id, id) on delete cascade
);
