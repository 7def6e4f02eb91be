-- Account security (issue 10): a sign-in lock that holds against the right password, an 'unlock'
-- SMS purpose for the owner, and the code-attempt limit held by the database as well.
ALTER TABLE users
  ADD COLUMN login_failures integer NOT NULL DEFAULT 0 CHECK (login_failures >= 0),
  ADD COLUMN login_locked_until timestamptz;

ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
  CHECK (purpose IN ('register', 'reset', 'verify', 'unlock'));
-- Attempts are claimed by one guarded UPDATE (attempts < 5); the database refuses a sixth as well
-- (NOT VALID: rows counted past 5 by the old non-atomic check stay, they are dead codes anyway).
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_attempts_max CHECK (attempts <= 5) NOT VALID;
