-- Related events are derived on read from event_link_keys (src/server/screening/relatedEvents.ts):
-- storing up to ~120 pair rows per screened event (and their FK checks) was half of the screening
-- write. The links read are the same: the tenant's earlier events sharing a key, each naming it.
drop table event_relations;
