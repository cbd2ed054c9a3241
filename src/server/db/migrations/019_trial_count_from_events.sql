-- The trial's events used are counted from the events screened within its period (sessionSummary.ts),
-- not kept as a number of their own that nothing but the demo seed ever set.
alter table trials drop column event_count;
