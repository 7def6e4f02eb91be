// Proves each server module's SQL names only its own tables: every table the migrations create has
// one owner below, no module's source (nor the ledger's) names another owner's table or calls
// another owner's SQL function unless that function is published (COMMENT ... IS 'published read of
// the <owner> …'), and every SQL function's latest body reads only its owner's tables. Probes show
// each rule finds what it bans.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const server = join(root, 'apps', 'server');
const MIGRATIONS = join(server, 'migrations');
const MODULES = join(server, 'src', 'modules');
const LEDGER = join(server, 'src', 'ledger');

/**
 * Who owns which tables and SQL functions (docs/architecture.md, the module map). A module folder
 * under apps/server/src/modules, `ledger` (src/ledger) or `platform` (src/platform: sessions, audit,
 * idempotency). A new table or function is declared here with its module.
 */
const OWNERS: Record<string, { tables: readonly string[]; functions?: readonly string[] }> = {
  platform: {
    tables: ['sessions', 'audit_log', 'idempotency_keys'],
    functions: ['audit_log_is_append_only', 'auth_device_peers'],
  },
  site: { tables: ['projects', 'site_config', 'uploads'], functions: ['site_project_time_zone'] },
  user: {
    tables: ['users', 'sms_codes', 'spa_profiles', 'user_two_factor', 'user_identity', 'identity_documents'],
    functions: ['user_spa_pay', 'user_name_matches'],
  },
  notices: { tables: ['notices', 'notice_reads'] },
  inbox: { tables: ['inbox_mail'] },
  ledger: {
    tables: ['ledger_accounts', 'ledger_transfers', 'ledger_entries', 'ledger_operations'],
    functions: [
      'ledger_is_append_only',
      'ledger_transfer',
      'ledger_operation',
      'ledger_stake_operations',
      'ledger_hold_settlements',
      'ledger_pending_holds',
      'ledger_user_available',
    ],
  },
  payhub: {
    tables: [
      'payhub_operators',
      'payhub_operator_cards',
      'payhub_operator_daily',
      'pay_orders',
      'payhub_cases',
      'payhub_monitoring_rules',
      'pay_order_reversals',
    ],
    functions: [
      'payhub_card_in_verified_name',
      'pay_order_transition_allowed',
      'payhub_card_volume_since',
      'payhub_name_key',
      'payhub_linked_operators',
      'payhub_operator_link',
    ],
  },
  withdraw: {
    tables: ['player_bank_accounts', 'withdraw_orders'],
    functions: ['withdraw_order_transition_allowed', 'withdraw_payout_accounts'],
  },
  quota: { tables: ['quota_topups'], functions: ['quota_topup_transition_allowed'] },
  'payhub-tools': {
    tables: [
      'payhub_card_links',
      'payhub_work_hours',
      'payhub_project_settings',
      'payhub_agreements',
      'payhub_contacts',
      'shop_vouchers',
    ],
    functions: [
      'payhub_silence_seconds',
      'payhub_inside_hours',
      'payhub_operator_on_duty',
      'payhub_card_accepts',
      'shop_voucher_transition_allowed',
    ],
  },
  commission: { tables: ['commission_changes'] },
  promo: {
    tables: [
      'app_sessions',
      'spa_groups',
      'spa_applications',
      'spa_members',
      'spa_presence',
      'spa_share_codes',
      'spa_leads',
      'spa_tasks',
      'spa_contacts',
      'spa_reports',
      'spa_report_extras',
      'spa_report_checks',
      'promo_notifications',
    ],
    functions: ['spa_leads_do_not_contact_is_final', 'promo_last_seen_at', 'promo_device_peers'],
  },
  datacenter: { tables: ['dc_attributions', 'dc_task_events'] },
  chain: {
    tables: [
      'chain_deposit_addresses',
      'chain_cursors',
      'chain_deposits',
      'chain_settings',
      'chain_address_book',
      'chain_blocked_addresses',
      'chain_withdrawals',
    ],
  },
  wallet: { tables: ['wallet_settings'] },
  exchange: { tables: ['exchange_rates', 'exchange_settings', 'exchange_quotes'] },
  games: {
    tables: ['game_seed_pairs', 'game_bets', 'game_configs', 'game_bet_hours', 'game_bet_rollup'],
    functions: ['games_quick_bet_guard'],
  },
  rounds: {
    tables: [
      'round_chains',
      'round_chain_checkpoints',
      'rounds',
      'round_bets',
      'round_stakes',
      'round_bet_hours',
      'round_bet_rollup',
    ],
    functions: ['rounds_quick_bet_guard'],
  },
  responsible: {
    tables: ['responsible_state', 'responsible_limits', 'responsible_activity'],
    functions: [
      'responsible_quick_stake',
      'responsible_quick_stakes',
      'responsible_quick_hold',
      'responsible_quick_holds',
      'responsible_settle',
      'responsible_settles',
    ],
  },
  console: { tables: ['staff_grants', 'staff_notes', 'staff_adjustments', 'console_ledger_checks'] },
  guide: { tables: ['guide_texts'] },
  providers: {
    tables: ['provider_sessions', 'provider_transactions', 'provider_settings', 'provider_favourites'],
  },
  rewards: {
    tables: [
      'rewards_referrals',
      'rewards_tiers',
      'rewards_rebates',
      'rewards_checkins',
      'rewards_gift_codes',
      'rewards_gift_redemptions',
      'rewards_bonuses',
      'rewards_bonus_terms',
      'rewards_bonus_campaigns',
      'rewards_reversed_deposits',
      'rewards_bonus_prefs',
      'rewards_signals',
      'rewards_wheel_seeds',
      'rewards_wheel_spins',
    ],
  },
};

/**
 * Known exceptions, each with its reason. An invariant (`*.invariants.ts`, composed outside both in
 * src/invariants.ts) reconciles a module's rows against the ledger's transfers by id: it reads the
 * ledger's tables, only in `npm run ledger:check` and the tests, never in a request, and never writes.
 */
const ALLOWED: ReadonlyArray<{ files: RegExp; owner: string; reason: string }> = [
  {
    files: /^apps\/server\/src\/modules\/[^/]+\/[^/]+\.invariants\.ts$/,
    owner: 'ledger',
    reason: 'reconciliation of a module’s rows against its ledger transfers (ledger:check only)',
  },
];

const TABLE_OWNER = new Map(
  Object.entries(OWNERS).flatMap(([owner, { tables }]) => tables.map((table) => [table, owner] as const)),
);
const FUNCTION_OWNER = new Map(
  Object.entries(OWNERS).flatMap(([owner, { functions = [] }]) =>
    functions.map((name) => [name, owner] as const),
  ),
);
const word = (names: Iterable<string>) => [...names].sort((a, b) => b.length - a.length).join('|');
/** A table named where SQL (or a Drizzle table definition) reads or writes it. */
const TABLE_IN_SQL = new RegExp(
  `(?:\\b(?:FROM|JOIN|INTO|UPDATE|TABLE|REFERENCES|ON)\\s+(?:ONLY\\s+)?|pgTable\\(\\s*['"\`])(${word(TABLE_OWNER.keys())})\\b`,
  'gi',
);
/** A table whose name cannot be an ordinary word (it has an underscore), anywhere in code. */
const DISTINCT_TABLE = new RegExp(
  `\\b(${word([...TABLE_OWNER.keys()].filter((t) => t.includes('_')))})\\b`,
  'g',
);
const FUNCTION_CALL = new RegExp(`\\b(${word(FUNCTION_OWNER.keys())})\\s*\\(`, 'g');

interface Finding {
  file: string;
  line: number;
  owner: string;
  name: string;
  text: string;
}

/** The line without its comment (a comment may name a table while explaining where a read went). */
function codeOf(line: string): string {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return '';
  const comment = line.search(/\s\/\/\s/);
  return comment === -1 ? line : line.slice(0, comment);
}

/** SQL without its `--` comments. */
const sqlCode = (text: string) => text.replace(/--[^\n]*/g, '');

/** Functions published for other modules' SQL: COMMENT ON FUNCTION f(...) IS 'published read of the <owner> ...'. */
function publishedFunctions(migrations: ReadonlyArray<{ name: string; text: string }>): Map<string, string> {
  const published = new Map<string, string>();
  for (const { text } of migrations)
    for (const match of text.matchAll(
      /COMMENT ON FUNCTION\s+(\w+)\s*\([^)]*\)\s+IS\s+'published read of the ([\w-]+)/gi,
    ))
      published.set(match[1]!, match[2]!);
  return published;
}

/** Each function's latest body (a later CREATE replaces an earlier one; a DROP removes it). */
function functionBodies(migrations: ReadonlyArray<{ name: string; text: string }>): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const { text } of migrations) {
    const events = [
      ...[...text.matchAll(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(\w+)[\s\S]*?\$\$([\s\S]*?)\$\$/gi)].map(
        (match) => ({ at: match.index, name: match[1]!, body: match[2]! as string | null }),
      ),
      ...[...text.matchAll(/DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?(\w+)/gi)].map((match) => ({
        at: match.index,
        name: match[1]!,
        body: null,
      })),
    ].sort((a, b) => a.at - b.at);
    for (const event of events)
      if (event.body === null) bodies.delete(event.name);
      else bodies.set(event.name, event.body);
  }
  return bodies;
}

/** The foreign tables and unpublished foreign functions a piece of `owner`'s code names. */
function foreignNames(
  owner: string,
  code: string,
  published: ReadonlyMap<string, string>,
): Array<{ owner: string; name: string }> {
  const found = new Map<string, string>();
  for (const pattern of [TABLE_IN_SQL, DISTINCT_TABLE])
    for (const match of code.matchAll(pattern)) {
      const name = match[1]!.toLowerCase();
      const other = TABLE_OWNER.get(name);
      if (other && other !== owner) found.set(name, other);
    }
  for (const match of code.matchAll(FUNCTION_CALL)) {
    const other = FUNCTION_OWNER.get(match[1]!);
    if (other && other !== owner && !published.has(match[1]!)) found.set(match[1]!, other);
  }
  return [...found].map(([name, other]) => ({ owner: other, name }));
}

/** The code that runs in the server: tests and their support files (fixtures read any table) are not. */
function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    // lint-zones' probes come and go while this scan may run beside it (parallel files).
    if (/^zone-probe-\d+(\.repo)?\.ts$/.test(entry.name)) return [];
    return /\.ts$/.test(entry.name) && !/\.test(-support)?\.ts$/.test(entry.name) ? [path] : [];
  });
}

function readMigrations() {
  return readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(MIGRATIONS, name), 'utf8') }));
}

/** Every module's (and the ledger's) source lines naming another owner's table or unpublished function. */
function scanSources(published: ReadonlyMap<string, string>): Finding[] {
  const folders = [
    ...readdirSync(MODULES).map((module) => ({ owner: module, path: join(MODULES, module) })),
    { owner: 'ledger', path: LEDGER },
  ];
  const findings: Finding[] = [];
  for (const folder of folders)
    for (const path of sourceFiles(folder.path)) {
      const file = relative(root, path).split('\\').join('/');
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((raw, index) => {
          for (const { owner, name } of foreignNames(folder.owner, codeOf(raw), published))
            if (!ALLOWED.some((allowed) => allowed.owner === owner && allowed.files.test(file)))
              findings.push({ file, line: index + 1, owner, name, text: raw.trim() });
        });
    }
  return findings;
}

const written: string[] = [];
afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, { force: true });
});

describe('table owners', () => {
  const migrations = readMigrations();
  const published = publishedFunctions(migrations);
  const bodies = functionBodies(migrations);

  it('gives every table the migrations create exactly one owner', () => {
    const created = migrations.flatMap(({ text }) =>
      [...sqlCode(text).matchAll(/CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)/gi)].map((m) => m[1]!),
    );
    expect(created.filter((table) => !TABLE_OWNER.has(table))).toEqual([]);
    expect([...TABLE_OWNER.keys()].filter((table) => !created.includes(table))).toEqual([]);
    const declared = Object.values(OWNERS).flatMap(({ tables }) => tables);
    expect(declared.length).toBe(new Set(declared).size);
  });

  it('gives every SQL function one owner, and a published one the owner its comment names', () => {
    expect([...bodies.keys()].filter((name) => !FUNCTION_OWNER.has(name))).toEqual([]);
    expect([...FUNCTION_OWNER.keys()].filter((name) => !bodies.has(name))).toEqual([]);
    const mismatched = [...published].filter(([name, owner]) => FUNCTION_OWNER.get(name) !== owner);
    expect(mismatched).toEqual([]);
  });

  it('finds what it bans (the rules are live)', () => {
    const none = new Map<string, string>();
    expect(foreignNames('payhub', 'JOIN spa_profiles p ON p.user_id = o.user_id', none)).toEqual([
      { owner: 'user', name: 'spa_profiles' },
    ]);
    expect(foreignNames('payhub-tools', 'JOIN projects p ON p.id = o.project_id', none)).toEqual([
      { owner: 'site', name: 'projects' },
    ]);
    expect(foreignNames('promo', 'const q = sql`SELECT project_id FROM users WHERE id = 1`;', none)).toEqual([
      { owner: 'user', name: 'users' },
    ]);
    expect(foreignNames('wallet', "export const t = pgTable('ledger_entries', {", none)).toEqual([
      { owner: 'ledger', name: 'ledger_entries' },
    ]);
    expect(
      foreignNames('payhub', 'AND payhub_operator_on_duty(o.user_id, o.project_id, now())', none),
    ).toEqual([{ owner: 'payhub-tools', name: 'payhub_operator_on_duty' }]);
    expect(
      foreignNames('payhub', 'AND payhub_operator_on_duty(o.user_id, o.project_id, now())', published),
    ).toEqual([]);
    expect(
      foreignNames('payhub', 'SELECT o.* FROM payhub_operators o JOIN pay_orders x ON true', none),
    ).toEqual([]);
    expect(foreignNames('console', 'const users = await deps.users.cards(ids);', none)).toEqual([]);
    expect(codeOf('  // the spa_profiles join moved to the user module')).toBe('');
    // A function body (0400's on-duty check as it was) reading promo's and payhub's tables.
    const old = functionBodies([
      {
        name: '0400_probe.sql',
        text: `CREATE FUNCTION payhub_operator_on_duty(p bigint) RETURNS boolean LANGUAGE sql STABLE AS $$
                 SELECT NOT EXISTS (SELECT 1 FROM spa_presence s JOIN payhub_operators o ON o.user_id = s.user_id)
               $$;`,
      },
    ]);
    expect(foreignNames('payhub-tools', sqlCode(old.get('payhub_operator_on_duty')!), none)).toEqual([
      { owner: 'promo', name: 'spa_presence' },
      { owner: 'payhub', name: 'payhub_operators' },
    ]);
    expect(bodies.size).toBeGreaterThan(20);
  });

  it('finds a deliberate foreign read in a module file (probe)', () => {
    const file = join(MODULES, 'payhub', `table-probe-${process.pid}.repo.ts`);
    written.push(file);
    writeFileSync(file, 'export const probe = `SELECT spa_pay FROM spa_profiles WHERE user_id = 1`;\n');
    const found = scanSources(published).filter((finding) =>
      finding.file.endsWith(`table-probe-${process.pid}.repo.ts`),
    );
    expect(found.map(({ owner, name }) => ({ owner, name }))).toEqual([
      { owner: 'user', name: 'spa_profiles' },
    ]);
  });

  it("names no other module's table in any module's (or the ledger's) source", () => {
    const findings = scanSources(published).map(
      (finding) => `${finding.file}:${finding.line} ${finding.name} (${finding.owner}'s): ${finding.text}`,
    );
    expect(findings, "read it through the owner's service, or its published SQL function").toEqual([]);
  });

  it("reads only its owner's tables in every SQL function body", () => {
    const findings = [...bodies].flatMap(([name, body]) =>
      foreignNames(FUNCTION_OWNER.get(name) ?? '?', sqlCode(body), published).map(
        (found) => `${name}: ${found.name} (${found.owner}'s)`,
      ),
    );
    expect(findings).toEqual([]);
  });
});
