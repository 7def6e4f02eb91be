-- Self-dealing: which payment operators are linked to a payer (docs/payments.md "Operators and their
-- own orders"). A linked operator is never assigned the payer's deposit and may not confirm, take or
-- finish the payer's orders; attempts open a monitoring case (rule self_dealing).

-- A name compared without case and extra spaces (as the card-holder trigger of 0201 compares it).
CREATE FUNCTION payhub_name_key(p_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT upper(regexp_replace(trim(p_name), '\s+', ' ', 'g'))
$$;

-- Indexes the link lookups below walk (each starts from the payer and reaches operators by key).
CREATE INDEX payhub_operators_name_key ON payhub_operators (project_id, payhub_name_key(verified_name))
  WHERE verified_name IS NOT NULL;
CREATE INDEX payhub_operator_cards_number ON payhub_operator_cards (bank_code, account_no);
CREATE INDEX player_bank_accounts_user_all ON player_bank_accounts (user_id);
CREATE INDEX sessions_user_client ON sessions (user_id, client_id) WHERE client_id IS NOT NULL;
CREATE INDEX sessions_client ON sessions (client_id) WHERE client_id IS NOT NULL;
CREATE INDEX app_sessions_fingerprint ON app_sessions (fingerprint);

-- The operators linked to a payer, and how:
--   same_account        the payer is the operator's own account;
--   same_identity       an operator's verified (KYC) name is the holder of one of the payer's payout
--                       accounts, or the verified name of the payer's own operator record;
--   same_device         the payer and the operator signed in from one device (the client id the apps
--                       send with every call, or the fingerprint of the agent app's session);
--   same_payout_account one of the payer's payout accounts is one of the operator's cards.
-- Removed accounts, removed cards and ended sessions count: a link, once made, stays.
CREATE FUNCTION payhub_linked_operators(p_player bigint)
RETURNS TABLE (operator_id bigint, link text) LANGUAGE sql STABLE AS $$
  SELECT o.user_id, 'same_account' FROM payhub_operators o WHERE o.user_id = p_player
  UNION ALL
  SELECT o.user_id, 'same_identity'
    FROM player_bank_accounts b
    JOIN payhub_operators o ON o.project_id = b.project_id AND o.verified_name IS NOT NULL
                           AND payhub_name_key(o.verified_name) = payhub_name_key(b.holder_name)
   WHERE b.user_id = p_player
  UNION ALL
  SELECT o.user_id, 'same_identity'
    FROM payhub_operators me
    JOIN payhub_operators o ON o.project_id = me.project_id AND o.user_id <> me.user_id
                           AND o.verified_name IS NOT NULL
                           AND payhub_name_key(o.verified_name) = payhub_name_key(me.verified_name)
   WHERE me.user_id = p_player AND me.verified_name IS NOT NULL
  UNION ALL
  SELECT DISTINCT o.user_id, 'same_device'
    FROM sessions mine
    JOIN sessions theirs ON theirs.client_id = mine.client_id AND theirs.user_id <> mine.user_id
    JOIN payhub_operators o ON o.user_id = theirs.user_id
   WHERE mine.user_id = p_player AND mine.client_id IS NOT NULL
  UNION ALL
  SELECT DISTINCT o.user_id, 'same_device'
    FROM app_sessions mine
    JOIN app_sessions theirs ON theirs.fingerprint = mine.fingerprint AND theirs.user_id <> mine.user_id
    JOIN payhub_operators o ON o.user_id = theirs.user_id
   WHERE mine.user_id = p_player
  UNION ALL
  SELECT c.operator_id, 'same_payout_account'
    FROM player_bank_accounts b
    JOIN payhub_operator_cards c ON c.bank_code = b.bank_code AND c.account_no = b.account_no
   WHERE b.user_id = p_player
$$;

-- The first link between one operator and one payer, or NULL when they are not linked.
CREATE FUNCTION payhub_operator_link(p_operator bigint, p_player bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT link FROM payhub_linked_operators(p_player) WHERE operator_id = p_operator LIMIT 1
$$;

-- Monitoring: attempts to deal with oneself open a case per operator.
ALTER TABLE payhub_cases DROP CONSTRAINT payhub_cases_rule_check;
ALTER TABLE payhub_cases ADD CONSTRAINT payhub_cases_rule_check
  CHECK (rule IN ('velocity', 'just_under_threshold', 'many_payers_one_card', 'self_dealing'));
