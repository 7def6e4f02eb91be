/**
 * Auto-bet (spec §5): a run of `count` bets (more than 1) that starts at a base stake, raises the stake
 * by a percentage or resets it after a win and after a loss, and stops on a stop-loss (a balance
 * below the starting one), a take-profit (a balance above it), any error, the bet limits, or when the
 * page goes away. The rules are pure functions; `runAutoBet` is the small loop that calls the game
 * one bet at a time (never two at once: the server's limits hold however fast it is called).
 */

/** What to do with the stake after a win or after a loss. */
export interface StakeRule {
  mode: 'reset' | 'increase';
  /** Increase by this many percent (0–1000, whole percent) when mode is `increase`. */
  percent: number;
}

export interface AutoBetSettings {
  count: number;
  baseStake: bigint;
  onWin: StakeRule;
  onLoss: StakeRule;
  /** Stop before a bet could take the balance below this (minor units); null: no stop-loss. */
  stopLoss: bigint | null;
  /** Stop once the balance reaches this (minor units); null: no take-profit. */
  takeProfit: bigint | null;
}

export interface BetLimits {
  minStake: bigint;
  maxStake: bigint;
}

export const AUTO_BET_COUNT_MAX = 1000;
export const AUTO_BET_PERCENT_MAX = 1000;

export type AutoBetProblem =
  | 'countTooSmall'
  | 'countTooLarge'
  | 'stakeBelowMin'
  | 'stakeAboveMax'
  | 'stakeOverBalance'
  | 'percentInvalid'
  | 'stopLossNotBelowBalance'
  | 'takeProfitNotAboveBalance';

/** Checks a run before it starts; the first broken rule names its message key. */
export function checkAutoBet(
  settings: AutoBetSettings,
  balance: bigint,
  limits: BetLimits,
): AutoBetProblem | null {
  if (!Number.isInteger(settings.count) || settings.count <= 1) return 'countTooSmall';
  if (settings.count > AUTO_BET_COUNT_MAX) return 'countTooLarge';
  if (settings.baseStake < limits.minStake) return 'stakeBelowMin';
  if (settings.baseStake > limits.maxStake) return 'stakeAboveMax';
  if (settings.baseStake > balance) return 'stakeOverBalance';
  for (const rule of [settings.onWin, settings.onLoss]) {
    if (
      rule.mode === 'increase' &&
      (!Number.isInteger(rule.percent) || rule.percent < 0 || rule.percent > AUTO_BET_PERCENT_MAX)
    ) {
      return 'percentInvalid';
    }
  }
  if (settings.stopLoss !== null && settings.stopLoss >= balance) return 'stopLossNotBelowBalance';
  if (settings.takeProfit !== null && settings.takeProfit <= balance) return 'takeProfitNotAboveBalance';
  return null;
}

/** The stake after a settled bet: reset to the base, or raised by the rule's percentage (floored). */
export function nextStake(settings: AutoBetSettings, stake: bigint, won: boolean): bigint {
  const rule = won ? settings.onWin : settings.onLoss;
  if (rule.mode === 'reset') return settings.baseStake;
  return (stake * BigInt(100 + rule.percent)) / 100n;
}

export type AutoBetStop = 'done' | 'stopLoss' | 'takeProfit' | 'maxStake' | 'balance' | 'error' | 'stopped';

export interface AutoBetState {
  running: boolean;
  played: number;
  stake: bigint;
  balance: bigint;
  /** Payouts minus stakes of this run. */
  profit: bigint;
  wins: number;
  losses: number;
  stop: AutoBetStop | null;
  /** The error code that stopped the run, when one did. */
  errorCode: number | null;
}

export function initialAutoBetState(settings: AutoBetSettings, balance: bigint): AutoBetState {
  return {
    running: true,
    played: 0,
    stake: settings.baseStake,
    balance,
    profit: 0n,
    wins: 0,
    losses: 0,
    stop: null,
    errorCode: null,
  };
}

/** One settled bet as the game reports it: what was staked, what came back, the balance after if known. */
export interface AutoBetResult {
  stake: bigint;
  payout: bigint;
  balanceAfter?: bigint;
}

/** The state after a settled bet, and why the run stops there (null: go on). */
export function afterBet(
  settings: AutoBetSettings,
  state: AutoBetState,
  result: AutoBetResult,
  limits: BetLimits,
): AutoBetState {
  const won = result.payout > result.stake;
  const balance = result.balanceAfter ?? state.balance - result.stake + result.payout;
  const played = state.played + 1;
  const stake = nextStake(settings, state.stake, won);
  const next: AutoBetState = {
    ...state,
    played,
    balance,
    stake,
    profit: state.profit + result.payout - result.stake,
    wins: state.wins + (won ? 1 : 0),
    losses: state.losses + (won ? 0 : 1),
  };
  const stop = stopBefore(settings, next, limits);
  return stop === null ? next : { ...next, running: false, stop };
}

/** Why the next bet must not be placed, or null. */
export function stopBefore(
  settings: AutoBetSettings,
  state: AutoBetState,
  limits: BetLimits,
): AutoBetStop | null {
  if (state.played >= settings.count) return 'done';
  if (settings.takeProfit !== null && state.balance >= settings.takeProfit) return 'takeProfit';
  // The next loss must not take the balance below the stop-loss.
  if (settings.stopLoss !== null && state.balance - state.stake < settings.stopLoss) return 'stopLoss';
  if (state.stake > limits.maxStake || state.stake < limits.minStake) return 'maxStake';
  if (state.stake > state.balance) return 'balance';
  return null;
}

/**
 * Thrown by a run's `placeBet` for a bet that was given up before it was placed (a crash bet kept
 * for the next round when the player stops the run): the run ends as stopped, the bet not counted.
 */
export class AutoBetCancelled extends Error {
  constructor() {
    super('auto bet cancelled before it was placed');
    this.name = 'AutoBetCancelled';
  }
}

export interface AutoBetRun {
  /** Resolves with the final state once the run has stopped. */
  done: Promise<AutoBetState>;
  /** Stops after the bet in flight (if any) settles; that bet is not abandoned. */
  stop(): void;
}

/**
 * Runs the bets one after another. `placeBet` plays one whole bet (for a multi-step game: start,
 * the chosen moves and the cash-out) and rejects on any error, which ends the run.
 */
export function runAutoBet(
  settings: AutoBetSettings,
  balance: bigint,
  limits: BetLimits,
  placeBet: (stake: bigint) => Promise<AutoBetResult>,
  onUpdate: (state: AutoBetState) => void,
): AutoBetRun {
  let stopRequested = false;
  const done = (async () => {
    let state = initialAutoBetState(settings, balance);
    const first = stopBefore(settings, state, limits);
    if (first !== null) state = { ...state, running: false, stop: first };
    onUpdate(state);
    while (state.running) {
      if (stopRequested) {
        state = { ...state, running: false, stop: 'stopped' };
        break;
      }
      try {
        const result = await placeBet(state.stake);
        state = afterBet(settings, state, result, limits);
      } catch (error) {
        if (error instanceof AutoBetCancelled) {
          state = { ...state, running: false, stop: 'stopped' };
          break;
        }
        const code = (error as { errCode?: unknown } | null)?.errCode;
        state = {
          ...state,
          running: false,
          stop: 'error',
          errorCode: typeof code === 'number' ? code : null,
        };
      }
      if (state.running && stopRequested) state = { ...state, running: false, stop: 'stopped' };
      onUpdate(state);
    }
    onUpdate(state);
    return state;
  })();
  return {
    done,
    stop() {
      stopRequested = true;
    },
  };
}
