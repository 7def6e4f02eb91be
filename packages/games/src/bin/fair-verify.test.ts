// Proves the fair:verify CLI, spawned as a user runs it, prints one JSON object matching the published Stake values and exits 2 on bad arguments.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLISHED_FLOATS, PUBLISHED_HILO, PUBLISHED_SEEDS } from '../fair/vectors.ts';
import { cardName } from '../rules/cards.ts';

const script = fileURLToPath(new URL('./fair-verify.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../../', import.meta.url));

function run(args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const seeds = ['--server-seed', PUBLISHED_SEEDS.serverSeed, '--client-seed', PUBLISHED_SEEDS.clientSeed];

describe('fair:verify CLI', () => {
  it('prints the published floats, dice roll, pocket, mines and hilo cards as one JSON object each', () => {
    const floats = run([
      '--game',
      'floats',
      '--server-seed',
      PUBLISHED_FLOATS.serverSeed,
      '--client-seed',
      PUBLISHED_FLOATS.clientSeed,
      '--nonce',
      '1',
    ]);
    expect(floats.status).toBe(0);
    const printed = JSON.parse(floats.stdout) as { floats: number[] };
    expect(printed.floats).toHaveLength(16);
    expect(printed.floats.slice(0, 10)).toEqual(PUBLISHED_FLOATS.floats);

    const fromRound1 = run([
      '--game',
      'floats',
      '--server-seed',
      PUBLISHED_FLOATS.serverSeed,
      '--client-seed',
      PUBLISHED_FLOATS.clientSeed,
      '--nonce',
      '1',
      '--cursor',
      '1',
    ]);
    // The published floats 9 and 10 are the first two of round 1.
    expect((JSON.parse(fromRound1.stdout) as { floats: number[] }).floats.slice(0, 2)).toEqual(
      PUBLISHED_FLOATS.floats.slice(8),
    );

    const cases: [string[], object][] = [
      [['--game', 'dice', ...seeds, '--nonce', '2'], { roll: 53.86 }],
      [['--game', 'roulette', ...seeds, '--nonce', '1'], { pocket: 27 }],
      [['--game', 'mines', ...seeds, '--nonce', '1', '--mines', '3'], { mines: [18, 15, 5] }],
    ];
    for (const [args, expected] of cases) {
      const result = run(args);
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(result.stdout)).toEqual(expected);
    }

    const hilo = run(['--game', 'hilo', ...seeds, '--nonce', '1']);
    const cards = (JSON.parse(hilo.stdout) as { cards: number[] }).cards;
    expect(cards.map(cardName).join(' - ')).toBe(PUBLISHED_HILO[0].cards);
  });

  it('prints the wheel segment, its weight and its prizes', () => {
    const result = run(['--game', 'wheel', ...seeds, '--nonce', '1']);
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      segment: 4,
      weight: 18,
      prizeMinor: { IDR: '500000', MXN: '500' },
    });
  });

  it('adds the server seed hash with --hash', () => {
    const result = run(['--game', 'roller', ...seeds, '--nonce', '1', '--hash']);
    expect(JSON.parse(result.stdout)).toEqual({
      number: 74_670,
      serverSeedHash: createHash('sha256').update(PUBLISHED_SEEDS.serverSeed).digest('hex'),
    });
  });

  it('exits 2 with a clear message and the usage on stderr for bad arguments', () => {
    const bad: [string[], RegExp][] = [
      [['--game', 'poker', ...seeds, '--nonce', '1'], /--game must be one of/],
      [['--game', 'dice', ...seeds], /--nonce is required/],
      [['--game', 'dice', ...seeds, '--nonce', '-1'], /--nonce/],
      [['--game', 'dice', ...seeds, '--nonce', '1e3'], /--nonce must be a non-negative integer/],
      [['--game', 'mines', ...seeds, '--nonce', '1', '--mines', '25'], /mines must be an integer 1\.\.24/],
      [['--game', 'dice', '--client-seed', 'c', '--nonce', '1'], /--server-seed is required/],
      [['--game', 'dice', ...seeds, '--nonce', '1', '--mines', '3'], /--mines applies to --game mines only/],
      [['--game', 'dice', ...seeds, '--nonce', '1', '--colour', 'red'], /Unknown option/],
    ];
    for (const [args, message] of bad) {
      const result = run(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
    }
  });
});
