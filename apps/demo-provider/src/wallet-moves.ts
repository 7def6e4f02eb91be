import { randomUUID } from 'node:crypto';
import type { ProviderRecord } from './record.ts';
import { type WalletAnswer, type WalletClient, WalletUnreachable } from './wallet-client.ts';

/** Who a wallet move is for and in which round of which game. */
export interface MoveContext {
  user: string;
  token: string;
  currency: string;
  round: string;
  game_code: string;
}

export type BetResult =
  | { ok: true; transaction_uuid: string; answer: WalletAnswer }
  | { ok: false; status: string; balance: number | null };

/**
 * Takes a stake as an aggregator does: a signed `transaction/bet`, re-sent on timeouts; when no
 * attempt got an answer the bet's fate is unknown, so it is rolled back (the player's money is never
 * left taken). Every accepted move goes into the provider's record.
 */
export async function takeBet(
  wallet: WalletClient,
  record: ProviderRecord,
  context: MoveContext,
  amount: number,
): Promise<BetResult> {
  const bet = { ...context, transaction_uuid: randomUUID(), amount };
  let answer: WalletAnswer;
  try {
    answer = await wallet.call('transaction/bet', bet);
  } catch (error) {
    if (!(error instanceof WalletUnreachable)) throw error;
    const rollback = {
      user: context.user,
      token: context.token,
      round: context.round,
      game_code: context.game_code,
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: bet.transaction_uuid,
    };
    const rolled = await wallet.call('transaction/rollback', rollback);
    if (rolled.status === 'RS_OK')
      note(record, 'rollback', rollback.transaction_uuid, bet.transaction_uuid, context, amount);
    return { ok: false, status: 'RS_ROLLED_BACK', balance: rolled.balance ?? null };
  }
  if (answer.status !== 'RS_OK') return { ok: false, status: answer.status, balance: answer.balance ?? null };
  note(record, 'bet', bet.transaction_uuid, null, context, amount);
  return { ok: true, transaction_uuid: bet.transaction_uuid, answer };
}

/**
 * Pays what a taken bet won (0 closes the round): owed once the bet is taken, so re-sent until the
 * wallet answers (the wallet is idempotent by transaction_uuid). Null when it never answered.
 */
export async function payWin(
  wallet: WalletClient,
  record: ProviderRecord,
  context: MoveContext,
  betTransaction: string,
  amount: number,
): Promise<WalletAnswer | null> {
  const win = {
    ...context,
    transaction_uuid: randomUUID(),
    reference_transaction_uuid: betTransaction,
    amount,
  };
  let answer = await wallet.call('transaction/win', win).catch(() => null);
  for (let attempt = 0; answer === null && attempt < 5; attempt += 1)
    answer = await wallet.call('transaction/win', win).catch(() => null);
  if (answer?.status === 'RS_OK') note(record, 'win', win.transaction_uuid, betTransaction, context, amount);
  return answer;
}

function note(
  record: ProviderRecord,
  kind: 'bet' | 'win' | 'rollback',
  transaction: string,
  reference: string | null,
  context: MoveContext,
  amount: number,
) {
  record.add({
    at: new Date().toISOString(),
    kind,
    transaction_uuid: transaction,
    reference_transaction_uuid: reference,
    round: context.round,
    user: context.user,
    currency: context.currency,
    amount,
  });
}
