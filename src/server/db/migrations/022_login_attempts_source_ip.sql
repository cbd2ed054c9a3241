-- The login throttle (services/loginThrottle.ts) counts an address's recent failed attempts before
-- every login: read from here instead of the whole log.
create index login_attempts_source_ip on login_attempts (source_ip, attempted_at);
