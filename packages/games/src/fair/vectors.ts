/**
 * Published example values for Stake's provably-fair scheme. Stake's own pages
 * (stake.com/provably-fair/implementation and /game-events) publish the algorithm but no worked
 * values; the values here are the test vectors of the open-source verifier `fair` by Lucas Holder
 * (github.com/lucasholder/fair, crates.io `fair`), whose README states its results equal Stake.com's:
 * src/rng.rs (bytes, floats), src/games/dice.rs, roulette.rs, mines.rs and hilo.rs. Kept in one
 * file so the unit tests and the CLI test check the same numbers.
 */
export const PUBLISHED_SEEDS = { serverSeed: 'server seed', clientSeed: 'client seed' } as const;

/** src/rng.rs `provably_fair_rng`: the first 40 bytes (into round 1) of nonce 1. */
export const PUBLISHED_BYTES = {
  serverSeed: 'some server seed',
  clientSeed: 'some client seed',
  nonce: 1,
  bytes: [
    151, 136, 121, 135, 209, 159, 189, 233, 43, 248, 146, 253, 71, 34, 215, 176, 139, 160, 47, 225, 233, 221,
    169, 198, 187, 103, 171, 31, 87, 118, 23, 138, 198, 14, 60, 130, 130, 198, 153, 83,
  ],
} as const;

/** src/rng.rs `provably_fair_rng_float`: the first 10 floats (into round 1) of the same bet. */
export const PUBLISHED_FLOATS = {
  serverSeed: 'some server seed',
  clientSeed: 'some client seed',
  nonce: 1,
  floats: [
    0.5919261889066547, 0.81884371698834, 0.17176169087179005, 0.277875404804945, 0.5454130100551993,
    0.913538561668247, 0.732050604885444, 0.34164569014683366, 0.7736547295935452, 0.5108428790699691,
  ],
} as const;

/** src/rng.rs `test_rng_float_starts_with_0`: a float below 10⁻⁶ keeps every digit. */
export const PUBLISHED_SMALL_FLOAT = {
  serverSeed: 'e8df2cc3b9ccb583ce5ea92336842387',
  clientSeed: '83e27f682128eb1852b048203dfd6931',
  nonce: 1_942_124,
  float: 0.00000025122426450252533,
} as const;

/** src/games/dice.rs: seeds "server seed" / "client seed". */
export const PUBLISHED_DICE = [
  { nonce: 1, roll: 74.67 },
  { nonce: 2, roll: 53.86 },
] as const;

/** src/games/roulette.rs. */
export const PUBLISHED_ROULETTE = [
  { nonce: 1, pocket: 27 },
  { nonce: 2, pocket: 19 },
] as const;

/** src/games/mines.rs and the README's `fair mines "client seed" "server seed" 1`. */
export const PUBLISHED_MINES = [
  { nonce: 1, mines: 1, tiles: [18] },
  { nonce: 1, mines: 3, tiles: [18, 15, 5] },
] as const;

/** src/games/hilo.rs: the 52 cards of nonce 1 for two client seeds. */
export const PUBLISHED_HILO = [
  {
    clientSeed: 'client seed',
    nonce: 1,
    cards:
      '♠J - ♥10 - ♥5 - ♣K - ♥9 - ♥K - ♠10 - ♥10 - ♦A - ♠3 - ♠2 - ♣J - ♠A - ♥A - ♣5 - ♦A - ♥A - ♥J - ♦2 - ♣4 - ♦Q - ♠4 - ♣6 - ♣J - ♣2 - ♦7 - ♣9 - ♦6 - ♥2 - ♥8 - ♦Q - ♥8 - ♥10 - ♠10 - ♦Q - ♣7 - ♥8 - ♦2 - ♣9 - ♥4 - ♦10 - ♥2 - ♣7 - ♥10 - ♣Q - ♠Q - ♠9 - ♣A - ♥J - ♣6 - ♣8 - ♦J',
  },
  {
    clientSeed: 'other client seed',
    nonce: 1,
    cards:
      '♦9 - ♠9 - ♦A - ♠A - ♦J - ♠K - ♦Q - ♣A - ♦3 - ♥10 - ♥10 - ♥5 - ♦J - ♦7 - ♦K - ♣6 - ♠Q - ♥7 - ♦4 - ♠3 - ♣3 - ♠Q - ♠5 - ♠8 - ♦10 - ♠3 - ♥Q - ♣8 - ♣10 - ♠9 - ♥7 - ♣J - ♥5 - ♠K - ♣2 - ♦3 - ♦A - ♣J - ♣3 - ♥A - ♦10 - ♠5 - ♣K - ♥K - ♣4 - ♦8 - ♦10 - ♠9 - ♣K - ♠9 - ♣3 - ♦5',
  },
] as const;
