-- The reasons an operator is offered in the OK / NG / HOLD dialogs are the tenant's most frequent
-- among its latest manual results of that kind (eventReasonList): read newest first, per result.
create index event_manual_history_recent on event_manual_history (company_id, result, updated_at desc);
