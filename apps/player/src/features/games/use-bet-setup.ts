import {
  type Asset,
  formatAmount,
  type GameConfigWire,
  type GameIdWire,
  parseAmount,
  tryParseAmount,
} from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typedOf } from '../../lib/amount-text.ts';
import { walletBalancesQuery } from '../../lib/wallet-queries.ts';
import { lobbyQuery } from './api.ts';

export type StakeProblem = 'amountInvalid' | 'amountBelowMin' | 'amountAboveMax' | 'amountOverBalance';

export interface BetSetup {
  game: GameIdWire;
  /** Loaded: the lobby's config for the chosen asset and the balances are here. */
  ready: boolean;
  assets: Asset[];
  asset: Asset;
  setAsset: (asset: Asset) => void;
  config: GameConfigWire | null;
  returnBp: number | null;
  minStake: bigint;
  maxStake: bigint;
  /** What the chosen asset's balance has available for a stake. */
  available: bigint | null;
  stakeText: string;
  setStakeText: (text: string) => void;
  /** The stake in minor units, or null when the text is not an amount. */
  stake: bigint | null;
  problem: StakeProblem | null;
  /** The stake as the wire wants it ("1500.00"). */
  stakeWire: string | null;
  setStake: (units: bigint) => void;
}

/**
 * The bet slip's state shared by every game page: the asset (one of the project's game assets, the
 * default one first), the stake as typed, the game's limits in that asset and the balance available.
 */
export function useBetSetup(game: GameIdWire): BetSetup {
  const lobby = useQuery(lobbyQuery());
  const balances = useQuery(walletBalancesQuery());
  const [chosenAsset, setAsset] = useState<Asset | null>(null);
  const [stakeText, setStakeText] = useState<string | null>(null);
  const info = lobby.data?.games.find((item) => item.game === game) ?? null;
  const asset: Asset = chosenAsset ?? lobby.data?.gameAsset ?? 'IDR';
  const config = info?.configs.find((item) => item.asset === asset) ?? null;
  const minStake = config ? parseAmount(config.minBet, asset, 'wire') : 0n;
  const maxStake = config ? parseAmount(config.maxBet, asset, 'wire') : 0n;
  const balance = balances.data?.items.find((item) => item.asset === asset);
  const available = balance ? parseAmount(balance.available, asset, 'wire') : null;
  // Until the player types, the stake is the game's minimum.
  const text = stakeText ?? (config ? typedOf(minStake, asset) : '');
  const stake = tryParseAmount(text, asset, 'typed');
  let problem: StakeProblem | null = null;
  if (stake === null || stake <= 0n) problem = 'amountInvalid';
  else if (stake < minStake) problem = 'amountBelowMin';
  else if (stake > maxStake) problem = 'amountAboveMax';
  else if (available !== null && stake > available) problem = 'amountOverBalance';
  const assets = (lobby.data?.assets ?? []).filter((item) =>
    info?.configs.some((entry) => entry.asset === item),
  );
  return {
    game,
    ready: config !== null && available !== null,
    assets,
    asset,
    setAsset: (next) => {
      setAsset(next);
      setStakeText(null);
    },
    config,
    returnBp: info?.returnBp ?? null,
    minStake,
    maxStake,
    available,
    stakeText: text,
    setStakeText,
    stake,
    problem,
    stakeWire: stake !== null && stake > 0n ? formatAmount(stake, asset) : null,
    setStake: (units) => setStakeText(typedOf(units, asset)),
  };
}

/** A multiplier in basis points as "1.98×" (floored to 2 decimals; never used for money). */
export function multiplierText(bp: bigint | string): string {
  const value = typeof bp === 'string' ? BigInt(bp) : bp;
  const hundredths = value / 100n;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}×`;
}

/** multiplierText with the UI language's decimal separator ("1,98×" in Indonesian). */
export function useMultiplierText(): (bp: bigint | string) => string {
  const { i18n } = useTranslation();
  const comma = i18n.language === 'id-ID';
  return (bp) => (comma ? multiplierText(bp).replace('.', ',') : multiplierText(bp));
}
