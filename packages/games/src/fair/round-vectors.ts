/**
 * Published facts of bustabit's v2 seeding event (bitcointalk topic 2807542, 2018), used as test
 * vectors for the shared-round chain and the crash algorithm:
 * - a chain of 10 000 000 SHA-256 hashes, each of the previous hash's lowercase hex text, whose
 *   terminating hash is `terminatingHash`;
 * - every game hash salted with the lowercase hex hash of bitcoin block 505 750 (`salt`, as the
 *   open verifier github.com/bustabit/verifier carries it in `PREV_GAME_SALT`);
 * - game #1's hash (`game1Hash`, carried by public tools that replay bustabit's history) — one
 *   chain step of it is the terminating hash, which any verifier can check.
 * `game1Crash` is the crash point bustabit's published `gameResult` gives for game #1 with that salt.
 */
export const BUSTABIT_V2 = {
  chainLength: 10_000_000,
  terminatingHash: '86728f5fc3bd99db94d3cdaf105d67788194e9701bf95d049ad0e1ee3d004277',
  salt: '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526',
  saltBlockHeight: 505_750,
  game1Hash: '9f57575fd54cd441e962448537e155ace9555df10cd27fa817bbcaf48a59ebcf',
  game1Crash: 15.49,
} as const;
