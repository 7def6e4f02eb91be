// Proves the sources keep three things declared once: asset unions only in contracts/assets.ts,
// realtime push routes only in packages/contracts, order-state numbers only in contracts (named
// enums elsewhere); each known exception is listed below with its reason and its exact count.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  ASSET_CODES,
  INBOX_NEW_ROUTE,
  NOTIFY_ROUTE_INBOX_NEW,
  PayhubPushRoute,
  RealtimeRoute,
} from '@payhub/contracts';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const SOURCE_ROOTS = ['apps', 'packages', 'bench', 'scripts', 'tests'];
const SOURCE_FILE = /\.(ts|tsx|mjs)$/;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'build', 'coverage', 'test-results', '.vite']);
/** Tests pin the wire values the spec defines (a state 1, a route string) on purpose. */
const TEST_FILE = /(\.test\.tsx?|\.spec\.ts)$|\/test\//;
/**
 * lint-zones' and table-owners' probes: written and removed by those tests while this one may be
 * scanning beside them (parallel files), so a listed probe can be gone before it is read.
 */
const TRANSIENT_PROBE = /^(zone|table)-probe-\d+(\.repo)?\.ts$/;

type Rule = 'asset-union' | 'push-route' | 'state-number';

interface Finding {
  rule: Rule;
  file: string;
  line: number;
  text: string;
}

/** Known exceptions: file, rule, how many findings exactly (a new one fails), and why. */
const ALLOWED: ReadonlyArray<{ file: string; rule: Rule; count: number; reason: string }> = [
  {
    file: 'apps/server/src/modules/payhub-tools/payhub-tools.cards.ts',
    rule: 'state-number',
    count: 2,
    reason:
      'a card’s `state` is its on/off flag (spec §3: 1 takes orders, 0 switched off), not an order state',
  },
  {
    file: 'apps/agent/src/features/payhub/cards-page.tsx',
    rule: 'state-number',
    count: 4,
    reason: 'the card on/off flag again (spec §3), not an order state',
  },
  ...[
    ['apps/server/src/modules/quota/quota.repo.ts', 4],
    ['apps/server/src/modules/quota/quota.service.ts', 5],
    ['apps/server/src/modules/quota/quota.invariants.ts', 1],
    ['apps/agent/src/features/payhub/va-bank-page.tsx', 1],
    ['apps/agent/src/features/payhub/qrcode-page.tsx', 1],
    ['apps/agent/src/features/payhub/indodax-page.tsx', 1],
  ].map(([file, count]) => ({
    file: file as string,
    rule: 'state-number' as const,
    count: count as number,
    reason:
      'quota top-up states 0/1/2 are literals in contracts/quota.ts itself, with no named enum yet; ' +
      'they get one with the order lifecycle (issue 12 item 3)',
  })),
  ...[
    ['apps/agent/src/features/payhub/use-payhub-live.ts', 1],
    ['apps/agent/src/features/payhub/payhub-ui.tsx', 1],
    ['apps/player/src/shared/ui/state-chip.tsx', 6],
    ['apps/player/src/features/wallet/wallet-page.tsx', 1],
    ['apps/player/src/features/payhub/deposit-order-page.tsx', 1],
  ].map(([file, count]) => ({
    file: file as string,
    rule: 'state-number' as const,
    count: count as number,
    reason: 'the apps are being restructured in parallel (issue 12 item 4); their features then name states',
  })),
];

const ASSET = ASSET_CODES.join('|');
const ASSET_PATTERNS = [
  // A type union of asset codes: 'IDR' | 'MXN'.
  new RegExp(`(['"\`])(?:${ASSET})\\1\\s*\\|\\s*(['"\`])(?:${ASSET})\\2`),
  // A zod enum or an array literal listing asset codes: z.enum(['IDR', 'MXN']), ['USDT', 'YEC'] as const.
  new RegExp(`\\[\\s*(['"\`])(?:${ASSET})\\1\\s*,\\s*(['"\`])(?:${ASSET})\\2`),
];

const PUSH_ROUTES = new Set<string>([
  ...Object.values(RealtimeRoute),
  ...Object.values(PayhubPushRoute),
  INBOX_NEW_ROUTE,
  NOTIFY_ROUTE_INBOX_NEW,
]);
const STRING_LITERAL = /(['"`])(\/[^'"`\s]*)\1/g;
/** A route spelled where a push is sent or listened to: onNotify('/x'), notify(user, '/x'). */
const NOTIFY_CALL = /\b(?:onNotify\(\s*|notifyUser\([^,()]+,\s*|notify\([^,()]+,\s*)(['"`])\//;

const STATE_PATTERNS = [
  // SQL: state = 2, o.state <> 0, state IN (0, 4), state NOT IN (1).
  /\bstate\s*(?:=|<>|!=)\s*-?\d/,
  /\bstate\s+(?:NOT\s+)?IN\s*\(\s*-?\d/i,
  // TypeScript: order.state === 0, state !== 7, state: 0 (an audit line, a type 0 | 1 | 2).
  /\bstate\s*(?:===|!==|==|!=)\s*-?\d/,
  /\bstate\??:\s*-?\d/,
  /\bstates\??:\s*\[\s*-?\d/,
];

function sourceFiles(directory: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name) && !entry.name.startsWith('.'))
        files.push(...sourceFiles(join(directory, entry.name)));
    } else if (SOURCE_FILE.test(entry.name) && !TRANSIENT_PROBE.test(entry.name))
      files.push(join(directory, entry.name));
  }
  return files;
}

/** The line without its // comment (a comment may name a state or a route while explaining it). */
function codeOf(line: string): string {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return '';
  const comment = line.search(/\s\/\/\s/);
  return comment === -1 ? line : line.slice(0, comment);
}

function scan(): Finding[] {
  const findings: Finding[] = [];
  const files = SOURCE_ROOTS.flatMap((folder) => sourceFiles(join(root, folder)));
  for (const path of files) {
    const file = relative(root, path).split('\\').join('/');
    if (file === 'scripts/tidy.test.ts') continue;
    const inContracts = file.startsWith('packages/contracts/');
    const isTest = TEST_FILE.test(file);
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((raw, index) => {
      const text = codeOf(raw);
      if (text === '') return;
      const found = (rule: Rule) => findings.push({ rule, file, line: index + 1, text: raw.trim() });
      if (file !== 'packages/contracts/src/assets.ts' && ASSET_PATTERNS.some((pattern) => pattern.test(text)))
        found('asset-union');
      if (inContracts || isTest) return;
      const literals = [...text.matchAll(STRING_LITERAL)].map((match) => match[2]!);
      if (literals.some((literal) => PUSH_ROUTES.has(literal)) || NOTIFY_CALL.test(text)) found('push-route');
      if (STATE_PATTERNS.some((pattern) => pattern.test(text))) found('state-number');
    });
  }
  return findings;
}

describe('tidy', () => {
  const findings = scan();

  it('finds the patterns it bans (the rules are live)', () => {
    const probe = (rule: Rule, line: string) => {
      const text = codeOf(line);
      if (rule === 'asset-union') return ASSET_PATTERNS.some((pattern) => pattern.test(text));
      if (rule === 'state-number') return STATE_PATTERNS.some((pattern) => pattern.test(text));
      return (
        [...text.matchAll(STRING_LITERAL)].some((match) => PUSH_ROUTES.has(match[2]!)) ||
        NOTIFY_CALL.test(text)
      );
    };
    expect(probe('asset-union', "currency: 'IDR' | 'MXN';")).toBe(true);
    expect(probe('asset-union', 'type Coin = "USDT" | "YEC";')).toBe(true);
    expect(probe('asset-union', "currency: z.enum(['IDR', 'MXN']),")).toBe(true);
    expect(probe('asset-union', "const codes = ['USDT', 'YEC'] as const;")).toBe(true);
    expect(probe('asset-union', "currency: 'IDR',")).toBe(false);
    expect(probe('push-route', "client.onNotify('/payhub/order', apply);")).toBe(true);
    expect(probe('push-route', "await notifier.notify(userId, '/heracles/wallet/balance', body);")).toBe(
      true,
    );
    expect(probe('push-route', "const ROUTE = '/heracles/inbox/new';")).toBe(true);
    expect(probe('push-route', "{ path: '/payhub/pesanan' }")).toBe(false);
    expect(probe('state-number', 'WHERE state IN (0, 4) AND expires_at <= now()')).toBe(true);
    expect(probe('state-number', 'if (order.state === 2) done();')).toBe(true);
    expect(probe('state-number', "after: { state: 0, amount: '1.00' },")).toBe(true);
    expect(probe('state-number', 'if (order.state === PayOrderState.PAID) done();')).toBe(false);
    expect(probe('state-number', 'const handleState = 1;')).toBe(false);
    expect(probe('state-number', '// state 2 is FINISH')).toBe(false);
  });

  it('finds asset unions, push routes and state numbers only where allowed', () => {
    const unexpected: string[] = [];
    const counts = new Map<string, number>();
    for (const finding of findings) {
      const key = `${finding.rule} ${finding.file}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (!ALLOWED.some((allowed) => allowed.file === finding.file && allowed.rule === finding.rule))
        unexpected.push(`${finding.file}:${finding.line} ${finding.rule}: ${finding.text}`);
    }
    expect(unexpected, 'declare it in packages/contracts (assets.ts, realtime-routes.ts, enums.ts)').toEqual(
      [],
    );
    // An allowed file may not gain more, and an entry goes once its findings are gone.
    const drift = ALLOWED.filter(
      (allowed) => (counts.get(`${allowed.rule} ${allowed.file}`) ?? 0) !== allowed.count,
    ).map(
      (allowed) =>
        `${allowed.file} ${allowed.rule}: allowed ${allowed.count}, found ${counts.get(`${allowed.rule} ${allowed.file}`) ?? 0}`,
    );
    expect(drift).toEqual([]);
  });
});

describe('integration suites', () => {
  // CI's second pass runs only `*.int.test.ts` against the external PostgreSQL and Redis
  // (scripts/test.mjs --suites-only): a test that opens the database under another name would skip it.
  const OPENS_SERVICES =
    /\/(?:test-app|template-database)(?:\.ts)?['"]|inject\(['"](?:adminDatabaseUrl|templateDatabase)['"]\)/;
  it('every test that opens the database or Redis is named *.int.test.ts', () => {
    const misnamed = SOURCE_ROOTS.flatMap((folder) => sourceFiles(join(root, folder)))
      // This file names the patterns in its own probes.
      .filter(
        (file) =>
          /\.test\.tsx?$/.test(file) && !file.endsWith('.int.test.ts') && file !== import.meta.filename,
      )
      .filter((file) => OPENS_SERVICES.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(misnamed).toEqual([]);
  });

  it('recognises an opening of the database (the rule is live)', () => {
    expect(OPENS_SERVICES.test(`import { startTestApp } from '../../test/test-app.ts';`)).toBe(true);
    expect(OPENS_SERVICES.test(`const url = inject('adminDatabaseUrl');`)).toBe(true);
    expect(OPENS_SERVICES.test(`const reply = await app.inject({ method: 'GET' });`)).toBe(false);
  });
});
