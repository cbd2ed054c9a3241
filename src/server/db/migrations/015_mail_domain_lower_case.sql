-- E-mail domains are stored in lower case (the engine normalizes them, as it compares them) and the
-- search's index is on the stored value. The index on lower(mail_domain) served no search under
-- row-level security: lower() is not leakproof, so PostgreSQL may not use it as an index condition
-- beside the tenant policy (a rare domain's search walked the tenant's parties: 25 ms became 480 ms).
update event_parties set mail_domain = lower(mail_domain) where mail_domain <> lower(mail_domain);
update event_parties set mobile_mail_domain = lower(mobile_mail_domain) where mobile_mail_domain <> lower(mobile_mail_domain);
drop index event_parties_mail_domain;
create index event_parties_mail_domain on event_parties (company_id, mail_domain);
