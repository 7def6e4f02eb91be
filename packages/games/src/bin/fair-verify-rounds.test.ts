// Proves the fair:verify CLI for shared rounds, spawned as a user runs it: bustabit v2's game #1 crash point, a wingo number, bounded chain membership, and exit 2 on bad arguments.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { chainAdvance } from '../fair/hash-chain.ts';
import { BUSTABIT_V2 } from '../fair/round-vectors.ts';
import { wingoNumber } from '../rules/wingo.ts';

const script = fileURLToPath(new URL('./fair-verify.ts', import.meta.url));
const root = fileURLToPath(new URL('../../../../', import.meta.url));

function run(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('fair:verify for crash, wingo and chains', () => {
  it('prints the crash point and the wingo number as one JSON object', () => {
    const crash = run(['--game', 'crash', '--game-hash', BUSTABIT_V2.game1Hash, '--salt', BUSTABIT_V2.salt]);
    expect(crash.status, crash.stderr).toBe(0);
    expect(crash.stdout).toBe('{"crash":15.49}\n');
    const wingo = run(['--game', 'wingo', '--game-hash', BUSTABIT_V2.game1Hash, '--salt', BUSTABIT_V2.salt]);
    expect(JSON.parse(wingo.stdout)).toEqual({
      number: wingoNumber(BUSTABIT_V2.game1Hash, BUSTABIT_V2.salt),
    });
  });

  it('checks chain membership within a bound, exit 1 when outside it', () => {
    const inChain = run(['--chain', BUSTABIT_V2.game1Hash, '--terminating', BUSTABIT_V2.terminatingHash]);
    expect(inChain.status).toBe(0);
    expect(JSON.parse(inChain.stdout)).toEqual({ inChain: true, round: 1 });
    // A hash 7 steps before game #1's — round 8 of a chain ending there.
    const earlier = 'a'.repeat(64);
    const end = chainAdvance(earlier, 8);
    expect(JSON.parse(run(['--chain', earlier, '--terminating', end]).stdout)).toEqual({
      inChain: true,
      round: 8,
    });
    const outside = run(['--chain', earlier, '--terminating', end, '--max-steps', '7']);
    expect(outside.status).toBe(1);
    expect(JSON.parse(outside.stdout)).toEqual({ inChain: false, maxSteps: 7 });
  });

  it('exits 2 with a clear message for bad arguments', () => {
    const bad: [string[], RegExp][] = [
      [['--game', 'crash', '--game-hash', 'xyz', '--salt', 's'], /--game-hash must be 64 hex/],
      [['--game', 'crash', '--game-hash', BUSTABIT_V2.game1Hash], /--salt is required/],
      [['--chain', BUSTABIT_V2.game1Hash], /--terminating must be 64 hex/],
      [
        ['--chain', BUSTABIT_V2.game1Hash, '--terminating', BUSTABIT_V2.terminatingHash, '--max-steps', '0'],
        /--max-steps/,
      ],
      [
        ['--game', 'wingo', '--game-hash', BUSTABIT_V2.game1Hash, '--salt', 's', '--nonce', '1'],
        /Unknown option/,
      ],
    ];
    for (const [args, message] of bad) {
      const result = run(args);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(message);
    }
  });
});
