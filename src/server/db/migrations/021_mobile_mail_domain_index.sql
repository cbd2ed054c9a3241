-- The e-mail domain search matches the mobile e-mail's domain as well as the PC e-mail's (as the
-- e-mail account hash search always did): its own index, for a BitmapOr beside event_parties_mail_domain.
-- Stored in lower case like the PC domain (015), so the index is on the stored value.
create index event_parties_mobile_mail_domain on event_parties (company_id, mobile_mail_domain);
