-- A Simulation release's fired rules were stored twice: in events.simulation_result (with its
-- verdict) and as event_fired_rules rows, which nothing searches (the event list's rule code is the
-- deciding release's) and every screening paid to write. The detail now reads them from
-- simulation_result; the rows go.
delete from event_fired_rules where release_kind = 'simulation';
