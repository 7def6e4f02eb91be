-- Payment hub, owned by modules/payhub: a monitoring case opened for the player when a credited
-- deposit of theirs is reversed (the bank took the payment back; docs/payments.md "Reversal of a
-- credited deposit"): a chargeback is a fraud signal compliance reviews.
ALTER TABLE payhub_cases DROP CONSTRAINT payhub_cases_rule_check;
ALTER TABLE payhub_cases ADD CONSTRAINT payhub_cases_rule_check
  CHECK (rule IN ('velocity', 'just_under_threshold', 'many_payers_one_card', 'self_dealing', 'blocked_address',
                  'reward_abuse', 'deposit_reversed'));
