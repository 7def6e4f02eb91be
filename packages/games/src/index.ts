/**
 * @payhub/games — the provably-fair core shared by the server, the player app and the verifier.
 * Pure: no I/O, no clock, no Math.random, nothing of the repo. (Hash chains for shared rounds,
 * issue 16, join fair/ beside the seed pairs.)
 */

export * from './fair/chain-walk.ts';
export * from './fair/commitment.ts';
export * from './fair/hash-chain.ts';
export * from './fair/round-vectors.ts';
export * from './fair/seed-pair.ts';
export * from './games.ts';
export * from './payout.ts';
export * from './replay.ts';
export * from './rules/cards.ts';
export * from './rules/coinflip.ts';
export * from './rules/crash.ts';
export * from './rules/dice.ts';
export * from './rules/draw.ts';
export * from './rules/fruit-bomb.ts';
export * from './rules/hilo.ts';
export * from './rules/mines.ts';
export * from './rules/roller.ts';
export * from './rules/roulette.ts';
export * from './rules/step.ts';
export * from './rules/wheel.ts';
export * from './rules/wingo.ts';
export * from './verify.ts';
