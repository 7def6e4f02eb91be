/**
 * fair:verify for shared rounds (crash, wingo) and hash chains:
 *   --game crash --game-hash <h> --salt <s>          → {"crash":15.49}
 *   --game wingo --game-hash <h> --salt <s>          → {"number":7}
 *   --chain <h> --terminating <t> [--max-steps <n>]  → {"inChain":true,"round":1} (exit 1 when not)
 * The chain walk is bounded (default 10 000 000 steps, bustabit's v2 length).
 */
import { parseArgs } from 'node:util';
import { CHAIN_LENGTH_MAX, chainRoundOf, isChainHash } from '../fair/hash-chain.ts';
import { crashPointCents, crashPointNumber } from '../rules/crash.ts';
import { wingoNumber } from '../rules/wingo.ts';

export const ROUNDS_USAGE =
  'usage: fair:verify --game <crash|wingo> --game-hash <64 hex> --salt <s> | fair:verify --chain <64 hex> --terminating <64 hex> [--max-steps <n>]';

const DEFAULT_MAX_STEPS = 10_000_000;

/** True when the arguments ask for a shared-round or chain verification. */
export function isRoundsInvocation(argv: string[]): boolean {
  if (argv.some((arg) => arg === '--chain' || arg.startsWith('--chain='))) return true;
  const index = argv.indexOf('--game');
  const game = index >= 0 ? argv[index + 1] : argv.find((arg) => arg.startsWith('--game='))?.slice(7);
  return game === 'crash' || game === 'wingo';
}

/** Returns the JSON line to print and the exit code, or throws an Error whose message is the usage error. */
export function runRounds(argv: string[]): { output: object; exitCode: number } {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      game: { type: 'string' },
      'game-hash': { type: 'string' },
      salt: { type: 'string' },
      chain: { type: 'string' },
      terminating: { type: 'string' },
      'max-steps': { type: 'string' },
    },
  });
  if (values.chain !== undefined) {
    if (values.game !== undefined || values['game-hash'] !== undefined || values.salt !== undefined) {
      throw new Error('--chain takes only --terminating and --max-steps');
    }
    const hash = values.chain.toLowerCase();
    const terminating = (values.terminating ?? '').toLowerCase();
    if (!isChainHash(hash)) throw new Error('--chain must be 64 hex characters');
    if (!isChainHash(terminating)) throw new Error('--terminating must be 64 hex characters');
    const stepsText = values['max-steps'];
    if (stepsText !== undefined && !/^\d{1,9}$/.test(stepsText))
      throw new Error('--max-steps must be a positive integer');
    const maxSteps = stepsText === undefined ? DEFAULT_MAX_STEPS : Number(stepsText);
    if (maxSteps < 1 || maxSteps > CHAIN_LENGTH_MAX)
      throw new Error(`--max-steps must be 1..${CHAIN_LENGTH_MAX}`);
    const round = chainRoundOf(hash, terminating, maxSteps);
    return round === null
      ? { output: { inChain: false, maxSteps }, exitCode: 1 }
      : { output: { inChain: true, round }, exitCode: 0 };
  }
  if (values.terminating !== undefined || values['max-steps'] !== undefined) {
    throw new Error('--terminating and --max-steps apply to --chain only');
  }
  const gameHash = (values['game-hash'] ?? '').toLowerCase();
  if (!isChainHash(gameHash)) throw new Error('--game-hash must be 64 hex characters');
  const salt = values.salt;
  if (typeof salt !== 'string' || salt === '') throw new Error('--salt is required');
  if (values.game === 'crash')
    return { output: { crash: crashPointNumber(crashPointCents(gameHash, salt)) }, exitCode: 0 };
  if (values.game === 'wingo') return { output: { number: wingoNumber(gameHash, salt) }, exitCode: 0 };
  throw new Error('--game must be crash or wingo');
}
