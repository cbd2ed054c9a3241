-- API connection information: each tenant's detection models and the applications (connection
-- sources) its shop uses to call the screening API. The secret key is stored encrypted (AES-256-GCM,
-- src/server/services/credentialCipher.ts); only its last four characters are kept in clear, for masking.

create table detection_models (
  company_id text not null references companies (company_id) on delete cascade,
  model_id text not null,
  model_name text not null,
  created_at timestamptz not null default now(),
  primary key (company_id, model_id)
);

create table api_applications (
  company_id text not null references companies (company_id) on delete cascade,
  application_id text not null,
  secret_ciphertext text not null,
  secret_last4 text not null check (length(secret_last4) = 4),
  model_id text not null,
  rotated_at timestamptz not null,
  -- The operator who last issued the key; null when the seed or the admin CLI issued it.
  updated_by integer,
  primary key (company_id, application_id),
  foreign key (company_id, model_id) references detection_models (company_id, model_id)
);
-- The screening API names only the application, so it is found before the tenant is known.
create unique index api_applications_application_id on api_applications (application_id);
