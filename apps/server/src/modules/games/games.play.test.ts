// The server's view of a game hides every hidden part while the game is open and shows all of it
// once settled; stored states survive the bigint-tagged JSON round trip unchanged.
import { minesLayout } from '@payhub/games';
import { describe, expect, it } from 'vitest';
import {
  cashOutPlay,
  movePlay,
  outcomeView,
  type PlayParams,
  type PlayState,
  startPlay,
} from './games.play.ts';
import { decodeJson, encodeJson } from './games.state.ts';

const seed = { serverSeed: 'f'.repeat(64), clientSeed: 'unit', nonce: 7 };

describe('games.play', () => {
  it('opens every game the same from the native float stream as from the pure seed pair', () => {
    const every: PlayParams[] = [
      { game: 'dice', target: 4950, direction: 'under' },
      { game: 'roller', target: 50_000, direction: 'over' },
      {
        game: 'roulette',
        bets: [
          { kind: 'red', amount: 500n },
          { kind: 'straight', numbers: [17], amount: 500n },
        ],
      },
      { game: 'coinflip', mode: 'single', side: 'heads' },
      { game: 'coinflip', mode: 'streak' },
      { game: 'mines', mines: 24 },
      { game: 'hilo' },
      { game: 'fruit-bomb', bombs: 7 },
    ];
    for (const params of every)
      for (let nonce = 0; nonce < 300; nonce += 1) {
        const input = { serverSeed: 'native-equals-pure-server-seed', clientSeed: 'klien', nonce };
        const config = { edgeBp: null };
        expect(startPlay(input, params, 1_000n, config), `${params.game} ${nonce}`).toEqual(
          startPlay(input, params, 1_000n, config, (pure) => pure),
        );
      }
  });

  it('hides the mines until the game is settled', () => {
    const opened = startPlay(seed, { game: 'mines', mines: 5 }, 1_000n, { edgeBp: 3 });
    const layout = minesLayout(seed, 5);
    const safe = [...Array(25).keys()].find((tile) => !layout.includes(tile))!;
    const revealed = movePlay(opened.state, { move: 'reveal', tile: safe }, 1_000n);
    const view = outcomeView(revealed.state, true, 'YEC');
    expect(view).toMatchObject({ game: 'mines', revealed: [safe], minePositions: null });
    expect(JSON.stringify(view)).not.toContain(JSON.stringify(layout));
    const cashed = cashOutPlay(revealed.state, 1_000n);
    expect(cashed.settled).toBe(true);
    expect(outcomeView(cashed.state, false, 'YEC')).toMatchObject({ minePositions: layout });
  });

  it('shows hilo cards, fruit tiles and coin sides only as far as played', () => {
    const hilo = startPlay(seed, { game: 'hilo' }, 1_000n, { edgeBp: null });
    const skipped = movePlay(hilo.state, { move: 'guess', guess: 'skip' }, 1_000n);
    const hiloView = outcomeView(skipped.state, true, 'YEC');
    expect(hiloView.game === 'hilo' && hiloView.cards).toHaveLength(2);
    const fruit = startPlay(seed, { game: 'fruit-bomb', bombs: 3 }, 1_000n, { edgeBp: 200 });
    const fruitView = outcomeView(fruit.state, true, 'YEC');
    expect(fruitView.game === 'fruit-bomb' && fruitView.tiles.every((tile) => tile === null)).toBe(true);
    const streak = startPlay(seed, { game: 'coinflip', mode: 'streak' }, 1_000n, { edgeBp: null });
    const coinView = outcomeView(streak.state, true, 'YEC');
    expect(coinView).toMatchObject({ game: 'coinflip', calls: [], sides: [], nextMultiplierBp: '19800' });
  });

  it('stores states with bigints through jsonb text unchanged', () => {
    const opened = startPlay(seed, { game: 'hilo' }, 1_000n, { edgeBp: null });
    const back = decodeJson<PlayState>(JSON.parse(encodeJson(opened.state)));
    expect(back).toEqual(opened.state);
  });
});
