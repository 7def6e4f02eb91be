import {
  type BetWire,
  type FeedBetWire,
  formatAmount,
  type GameConfigWire,
  type RevealedSeedPairWire,
  type SeedPairWire,
} from '@payhub/contracts';
import { outcomeView, type PlayParams, type PlayState, paramsView } from './games.play.ts';
import type { BetRow, ConfigRow, SeedPairRow } from './games.repo.ts';
import { decodeJson } from './games.state.ts';

// The games' rows as the wire carries them (contracts' shapes): a bet's server seed only once its
// pair was revealed, an open game's hidden state never (`outcomeView`), a player in the feed by two
// digits of their id.

export function pairWire(pair: SeedPairRow, next: SeedPairRow): SeedPairWire {
  return {
    serverSeedHash: pair.serverSeedHash,
    nextServerSeedHash: next.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
    bets: pair.nonce,
    createdAt: pair.createdAt.toISOString(),
  };
}

export function revealedWire(pair: SeedPairRow): RevealedSeedPairWire {
  return {
    serverSeed: pair.serverSeed,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    bets: pair.nonce,
    createdAt: pair.createdAt.toISOString(),
    revealedAt: (pair.revealedAt ?? pair.createdAt).toISOString(),
  };
}

/** A player as the feed names them: never the phone or the whole id. */
function maskPlayer(playerId: number): string {
  const text = String(playerId);
  return `P•••${text.slice(-2).padStart(2, '0')}`;
}

export function configWire(row: ConfigRow): GameConfigWire {
  return {
    game: row.game,
    asset: row.asset,
    enabled: row.enabled,
    minBet: formatAmount(row.minBet, row.asset),
    maxBet: formatAmount(row.maxBet, row.asset),
    maxPayout: formatAmount(row.maxPayout, row.asset),
    edgeBp: row.edgeBp,
  };
}

export function betWire(row: BetRow): BetWire {
  const params = decodeJson<PlayParams>(row.params);
  const state = decodeJson<PlayState>(row.state);
  const open = row.status === 'open';
  return {
    id: row.id,
    game: row.game,
    asset: row.asset,
    stake: formatAmount(row.stake, row.asset),
    payout: formatAmount(row.payout, row.asset),
    multiplierBp: row.multiplierBp.toString(),
    status: row.status,
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    serverSeed: row.serverSeed,
    params: paramsView(params, row.asset),
    outcome: outcomeView(state, open, row.asset),
    createdAt: row.createdAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export function feedWire(row: BetRow): FeedBetWire {
  return {
    id: row.id,
    game: row.game,
    asset: row.asset,
    player: maskPlayer(row.playerId),
    stake: formatAmount(row.stake, row.asset),
    payout: formatAmount(row.payout, row.asset),
    multiplierBp: row.multiplierBp.toString(),
    status: row.status,
    settledAt: (row.settledAt ?? row.createdAt).toISOString(),
  };
}
