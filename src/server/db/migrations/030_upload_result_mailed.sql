-- The upload-result mail at most once per job (issue 39, docs/uploads.md "The result mail"): the run
-- that ends a job claims the mail by setting result_mailed_at in a conditional update (only where it
-- is still null) before it sends; a run that takes the job over after a crash finds it set and sends
-- nothing, whether the first run's mail went out or not.
alter table upload_jobs add column result_mailed_at timestamptz;
