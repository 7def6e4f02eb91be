-- Email binding codes (issue 14): kept with the SMS codes of the account's phone (one throttle per
-- account), purpose 'email'; the stored HMAC binds the code to the email address it was sent to.
ALTER TABLE sms_codes DROP CONSTRAINT sms_codes_purpose_check;
ALTER TABLE sms_codes ADD CONSTRAINT sms_codes_purpose_check
  CHECK (purpose IN ('register', 'reset', 'verify', 'unlock', 'crypto_address', 'email'));
