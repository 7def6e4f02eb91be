-- Module boundaries in SQL (docs/architecture.md "Who may call whom"): a module's SQL names only its
-- own tables. Where one statement needs another module's fact (payhub's operator choice, a single
-- locked SELECT), it calls that module's published read: a function defined here, owned by the
-- module its COMMENT names, reading only that module's tables. Nothing here changes an answer.
-- scripts/table-owners.test.ts holds the rule (every function body reads its owner's tables only).

-- user: the payment flag (spaPay) of an account's promo profile; false without a profile.
CREATE FUNCTION user_spa_pay(p_user bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT spa_pay FROM spa_profiles WHERE user_id = p_user), false)
$$;
COMMENT ON FUNCTION user_spa_pay(bigint) IS 'published read of the user module';

-- user: whether an account's phone (LIKE) or nickname (ILIKE) matches a pattern (operator search).
CREATE FUNCTION user_name_matches(p_user bigint, p_pattern text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM users WHERE id = p_user AND (phone LIKE p_pattern OR nickname ILIKE p_pattern))
$$;
COMMENT ON FUNCTION user_name_matches(bigint, text) IS 'published read of the user module';

-- site: a project's time zone (NULL for an unknown project).
CREATE FUNCTION site_project_time_zone(p_project integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT time_zone FROM projects WHERE id = p_project
$$;
COMMENT ON FUNCTION site_project_time_zone(integer) IS 'published read of the site module';

-- promo: when the user's agent app last reported (POST /main/promo/spaStatus); NULL if it never did.
CREATE FUNCTION promo_last_seen_at(p_user bigint) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT last_seen_at FROM spa_presence WHERE user_id = p_user
$$;
COMMENT ON FUNCTION promo_last_seen_at(bigint) IS 'published read of the promo module';

-- promo: the other accounts that opened an agent-app session from a device (fingerprint) of this user.
CREATE FUNCTION promo_device_peers(p_user bigint) RETURNS TABLE (user_id bigint) LANGUAGE sql STABLE AS $$
  SELECT DISTINCT theirs.user_id
    FROM app_sessions mine
    JOIN app_sessions theirs ON theirs.fingerprint = mine.fingerprint AND theirs.user_id <> mine.user_id
   WHERE mine.user_id = p_user
$$;
COMMENT ON FUNCTION promo_device_peers(bigint) IS 'published read of the promo module';

-- platform (auth): the other accounts signed in from a device (client id) of this user.
CREATE FUNCTION auth_device_peers(p_user bigint) RETURNS TABLE (user_id bigint) LANGUAGE sql STABLE AS $$
  SELECT DISTINCT theirs.user_id
    FROM sessions mine
    JOIN sessions theirs ON theirs.client_id = mine.client_id AND theirs.user_id <> mine.user_id
   WHERE mine.user_id = p_user AND mine.client_id IS NOT NULL
$$;
COMMENT ON FUNCTION auth_device_peers(bigint) IS 'published read of the platform (auth sessions)';

-- withdraw: every payout account a player ever saved (removed ones too: a link, once made, stays).
CREATE FUNCTION withdraw_payout_accounts(p_player bigint)
RETURNS TABLE (project_id integer, bank_code text, account_no text, holder_name text) LANGUAGE sql STABLE AS $$
  SELECT b.project_id, b.bank_code, b.account_no, b.holder_name FROM player_bank_accounts b WHERE b.user_id = p_player
$$;
COMMENT ON FUNCTION withdraw_payout_accounts(bigint) IS 'published read of the withdraw module';

-- payhub (0500, same answers): payout accounts, devices and agent-app devices come from their
-- owners' reads above instead of their tables.
CREATE OR REPLACE FUNCTION payhub_linked_operators(p_player bigint)
RETURNS TABLE (operator_id bigint, link text) LANGUAGE sql STABLE AS $$
  SELECT o.user_id, 'same_account' FROM payhub_operators o WHERE o.user_id = p_player
  UNION ALL
  SELECT o.user_id, 'same_identity'
    FROM withdraw_payout_accounts(p_player) b
    JOIN payhub_operators o ON o.project_id = b.project_id AND o.verified_name IS NOT NULL
                           AND payhub_name_key(o.verified_name) = payhub_name_key(b.holder_name)
  UNION ALL
  SELECT o.user_id, 'same_identity'
    FROM payhub_operators me
    JOIN payhub_operators o ON o.project_id = me.project_id AND o.user_id <> me.user_id
                           AND o.verified_name IS NOT NULL
                           AND payhub_name_key(o.verified_name) = payhub_name_key(me.verified_name)
   WHERE me.user_id = p_player AND me.verified_name IS NOT NULL
  UNION ALL
  SELECT DISTINCT o.user_id, 'same_device'
    FROM auth_device_peers(p_player) peer JOIN payhub_operators o ON o.user_id = peer.user_id
  UNION ALL
  SELECT DISTINCT o.user_id, 'same_device'
    FROM promo_device_peers(p_player) peer JOIN payhub_operators o ON o.user_id = peer.user_id
  UNION ALL
  SELECT c.operator_id, 'same_payout_account'
    FROM withdraw_payout_accounts(p_player) b
    JOIN payhub_operator_cards c ON c.bank_code = b.bank_code AND c.account_no = b.account_no
$$;
COMMENT ON FUNCTION payhub_linked_operators(bigint) IS 'published read of the payhub module';

-- payhub-tools (0400): an operator is on duty at p_at: inside its work hours (if set) in its
-- project's time zone, and its app not silent for longer than the project's limit (an app that never
-- reported is not judged by it). The caller (payhub's operator choice) passes the operator's project;
-- the time zone and the presence come from site's and promo's reads.
DROP FUNCTION payhub_operator_on_duty(bigint, timestamptz);
CREATE FUNCTION payhub_operator_on_duty(p_operator bigint, p_project integer, p_at timestamptz)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (
           SELECT 1 FROM payhub_work_hours h
            WHERE h.operator_id = p_operator
              AND NOT payhub_inside_hours(h.start_minute, h.end_minute, h.days, p_at, site_project_time_zone(p_project)))
     AND COALESCE(promo_last_seen_at(p_operator) >= p_at - make_interval(secs => payhub_silence_seconds(p_project)), true)
$$;
COMMENT ON FUNCTION payhub_operator_on_duty(bigint, integer, timestamptz) IS 'published read of the payhub-tools module';

-- Owners of 0400's card functions, which already read one module's tables each: the volume of a
-- card's live deposit orders is payhub's read (pay_orders); whether a card's live link accepts an
-- amount is the operator tools' read (payhub_card_links), calling payhub's volume read.
COMMENT ON FUNCTION payhub_card_volume_since(bigint, timestamptz) IS 'published read of the payhub module';
COMMENT ON FUNCTION payhub_card_accepts(bigint, bigint, timestamptz) IS 'published read of the payhub-tools module';
COMMENT ON FUNCTION payhub_silence_seconds(integer) IS 'published read of the payhub-tools module';
COMMENT ON FUNCTION ledger_user_available(integer, text, text, bigint) IS 'published read of the ledger';
