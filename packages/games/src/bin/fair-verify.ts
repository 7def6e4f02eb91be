/**
 * fair:verify — recompute a bet from its revealed seed pair, offline:
 *   npm run fair:verify -- --game dice --server-seed <s> --client-seed <c> --nonce <n> [--mines <m>] [--bombs <b>] [--cursor <k>]
 *   npm run fair:verify -- --game crash|wingo --game-hash <h> --salt <s>   |   --chain <h> --terminating <t>
 * Prints one JSON object on stdout; bad arguments print one line on stderr and exit with code 2.
 */
import { parseArgs } from 'node:util';
import { commitServerSeed } from '../fair/commitment.ts';
import { isVerifyGame, VERIFY_GAMES, type VerifyParams, verify } from '../verify.ts';
import { isRoundsInvocation, ROUNDS_USAGE, runRounds } from './fair-verify-rounds.ts';

const USAGE =
  'usage: fair:verify --game <floats|dice|coinflip|roulette|mines|hilo|roller|fruit-bomb|wheel> --server-seed <s> --client-seed <c> --nonce <n> [--mines <1-24>] [--bombs <1-12>] [--cursor <round>] [--hash]';

function fail(message: string): never {
  process.stderr.write(`fair:verify: ${message}\n${USAGE}\n`);
  process.exit(2);
}

function integer(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d{1,15}$/.test(text)) fail(`--${name} must be a non-negative integer, got "${text}"`);
  return Number(text);
}

function main(argv: string[]): void {
  // Shared rounds (crash, wingo) and chain membership: see fair-verify-rounds.ts.
  if (isRoundsInvocation(argv)) {
    let result: { output: object; exitCode: number };
    try {
      result = runRounds(argv);
    } catch (error) {
      process.stderr.write(`fair:verify: ${(error as Error).message}\n${ROUNDS_USAGE}\n`);
      process.exit(2);
    }
    process.stdout.write(`${JSON.stringify(result.output)}\n`);
    process.exitCode = result.exitCode;
    return;
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        game: { type: 'string' },
        'server-seed': { type: 'string' },
        'client-seed': { type: 'string' },
        nonce: { type: 'string' },
        mines: { type: 'string' },
        bombs: { type: 'string' },
        cursor: { type: 'string' },
        hash: { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const game = values.game;
  if (typeof game !== 'string' || !isVerifyGame(game))
    fail(`--game must be one of ${VERIFY_GAMES.join(', ')}`);
  const serverSeed = values['server-seed'];
  const clientSeed = values['client-seed'];
  if (typeof serverSeed !== 'string' || serverSeed === '') fail('--server-seed is required');
  if (typeof clientSeed !== 'string' || clientSeed === '') fail('--client-seed is required');
  const nonce = integer('nonce', values.nonce as string | undefined);
  if (nonce === undefined) fail('--nonce is required');
  const params: VerifyParams = {};
  const mines = integer('mines', values.mines as string | undefined);
  const bombs = integer('bombs', values.bombs as string | undefined);
  const cursor = integer('cursor', values.cursor as string | undefined);
  if (mines !== undefined) {
    if (game !== 'mines') fail('--mines applies to --game mines only');
    params.mines = mines;
  }
  if (bombs !== undefined) {
    if (game !== 'fruit-bomb') fail('--bombs applies to --game fruit-bomb only');
    params.bombs = bombs;
  }
  if (cursor !== undefined) {
    if (game !== 'floats') fail('--cursor applies to --game floats only');
    params.cursor = cursor;
  }
  let outcome: object;
  try {
    outcome = verify(game, serverSeed, clientSeed, nonce, params);
  } catch (error) {
    fail((error as Error).message);
  }
  // --hash adds the commitment, to compare with the hash shown before the seed was revealed.
  const printed =
    values.hash === true ? { ...outcome, serverSeedHash: commitServerSeed(serverSeed) } : outcome;
  process.stdout.write(`${JSON.stringify(printed)}\n`);
}

main(process.argv.slice(2));
