import { createHash } from 'node:crypto';
import type { Asset } from '@payhub/contracts';
import { ErrorCode } from '@payhub/contracts';
import { z } from 'zod';
import { accounts, type Ledger } from '../../ledger/ledger.ts';
import { isInsufficientFunds } from '../../money/ledger-refusal.ts';
import type { PlayGate } from '../../money/play-gate.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProviderAdapter } from './providers.adapter.ts';
import { verifyBody } from './providers.keys.ts';
import type { Executor, ProviderSessionRow, ProvidersRepo, ProviderTxRow } from './providers.repo.ts';

/**
 * The seamless wallet a provider calls (docs/providers.md): the operator side of Hub88's Operator
 * Wallet API in our own code. Every answer is HTTP 200 with a `status`; amounts and balances are
 * integers in the asset's minor units. A transaction is idempotent by (provider, transaction_uuid):
 * a replay answers the first answer, the same id with another body answers
 * RS_ERROR_DUPLICATE_TRANSACTION and moves nothing.
 */
export const WALLET_STATUSES = [
  'RS_OK',
  'RS_ERROR_UNKNOWN',
  'RS_ERROR_INVALID_PARTNER',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_TOKEN_EXPIRED',
  'RS_ERROR_WRONG_CURRENCY',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  'RS_ERROR_LIMIT_REACHED',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_WRONG_SYNTAX',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
] as const;
export type WalletStatus = (typeof WALLET_STATUSES)[number];

export const WALLET_OPERATIONS = [
  'user/info',
  'user/balance',
  'transaction/bet',
  'transaction/win',
  'transaction/rollback',
] as const;
export type WalletOperation = (typeof WALLET_OPERATIONS)[number];

/** A refusal inside a wallet transaction: the transaction rolls back and the answer carries `status`. */
class Refusal extends Error {
  constructor(readonly status: WalletStatus) {
    super(status);
  }
}

const Id = z.string().min(1).max(100);
/** An amount in minor units: a non-negative safe integer (a float or a string is a wrong type). */
const Amount = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
const Base = { request_uuid: Id, user: Id, token: Id };
const Schemas = {
  'user/info': z.object({ ...Base }).passthrough(),
  'user/balance': z.object({ ...Base, game_code: Id.optional() }).passthrough(),
  'transaction/bet': z
    .object({ ...Base, transaction_uuid: Id, round: Id, game_code: Id, currency: Id, amount: Amount })
    .passthrough(),
  'transaction/win': z
    .object({
      ...Base,
      transaction_uuid: Id,
      reference_transaction_uuid: Id,
      round: Id,
      game_code: Id,
      currency: Id,
      amount: Amount,
    })
    .passthrough(),
  'transaction/rollback': z
    .object({ ...Base, transaction_uuid: Id, reference_transaction_uuid: Id, round: Id, game_code: Id })
    .passthrough(),
} as const;

export interface WalletAnswer {
  status: WalletStatus;
  request_uuid: string | null;
  user?: string;
  currency?: string;
  balance?: number;
  [key: string]: unknown;
}

/** What identifies a transaction's content (request_uuid and token differ between retries and are left out). */
function requestHash(fields: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

function minor(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < -BigInt(Number.MAX_SAFE_INTEGER))
    throw new Error('balance beyond the wire range');
  return Number(amount);
}

export interface WalletDeps {
  repo: ProvidersRepo;
  ledger: Ledger;
  clock: Clock;
  playGate: PlayGate;
  provider: (id: string) => ProviderAdapter | undefined;
  /** A fault inside a wallet call (answered RS_ERROR_UNKNOWN). */
  log: (error: unknown, message: string) => void;
}

export function createProviderWallet(deps: WalletDeps) {
  const { repo, ledger, clock, playGate } = deps;

  async function playerAccount(executor: Executor, session: ProviderSessionRow) {
    return ledger.account(executor, accounts.player(session.projectId, session.userId, session.asset));
  }
  async function houseAccount(executor: Executor, session: { projectId: number; asset: Asset }) {
    return ledger.systemAccount(executor, {
      projectId: session.projectId,
      currency: session.asset,
      kind: 'house',
    });
  }
  async function balanceOf(executor: Executor, session: ProviderSessionRow): Promise<number> {
    const account = await ledger.findAccount(
      executor,
      accounts.player(session.projectId, session.userId, session.asset).address,
    );
    return account ? minor((await ledger.balance(executor, account.id)).available) : 0;
  }
  function ok(
    requestUuid: string,
    session: ProviderSessionRow,
    balance: number,
    extra: Record<string, unknown> = {},
  ) {
    return {
      status: 'RS_OK' as const,
      request_uuid: requestUuid,
      user: String(session.userId),
      currency: session.asset,
      balance,
      ...extra,
    };
  }
  function transferId(providerId: string, uuid: string) {
    return `pv:${providerId}:${uuid}`;
  }
  /** A PlayGate refusal in the wallet's words: may not play at all → USER_DISABLED; a limit → LIMIT_REACHED. */
  function gateRefusal(error: unknown): never {
    if (error instanceof AppError)
      throw new Refusal(
        error.errCode === ErrorCode.UserCannotPlay ? 'RS_ERROR_USER_DISABLED' : 'RS_ERROR_LIMIT_REACHED',
      );
    throw error;
  }

  /**
   * The replay rule: the same id with the same content answers the stored answer (with this
   * request's request_uuid); anything else under that id is a duplicate.
   */
  function replay(existing: ProviderTxRow, kind: ProviderTxRow['kind'], hash: string, requestUuid: string) {
    if (existing.kind !== kind || existing.requestHash !== hash)
      throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
    return { ...(existing.answer as WalletAnswer), request_uuid: requestUuid };
  }

  /** What every money call carries (Schemas: bet, win, rollback). */
  interface MoneyCall {
    request_uuid: string;
    user: string;
    transaction_uuid: string;
    round: string;
    game_code: string;
  }
  /** A call's row in provider_transactions before its own kind, id, reference and amount. */
  type ClaimBase = Omit<
    ProviderTxRow,
    'transactionUuid' | 'kind' | 'referenceUuid' | 'amount' | 'rolledBack' | 'createdAt'
  >;

  /**
   * The skeleton of every money call: in one transaction, claims the call's transaction id (a replay
   * answers the stored answer, another body under that id is a duplicate), runs the call's own step,
   * then answers with the player's balance and stores that answer for replays. Each handler states only
   * what differs: the fields its content hash covers, its claim, what a claimed id means before the
   * replay rule, and its step.
   */
  async function transact(
    providerId: string,
    session: ProviderSessionRow,
    call: MoneyCall,
    spec: {
      kind: 'bet' | 'win' | 'rollback';
      /** The content fields after op, user and uuid, in the hash's order (stored hashes depend on it). */
      hashed: Record<string, unknown>;
      referenceUuid: string | null;
      amount: bigint;
      /** Checks a row already under this id before the replay rule (a bet after its rollback). */
      claimed?: (existing: ProviderTxRow) => void;
      step: (tx: Executor, base: ClaimBase) => Promise<void>;
    },
  ): Promise<WalletAnswer> {
    const hash = requestHash({
      op: spec.kind,
      user: call.user,
      uuid: call.transaction_uuid,
      ...spec.hashed,
    });
    return repo.transaction(async (tx) => {
      const base: ClaimBase = {
        providerId,
        projectId: session.projectId,
        userId: session.userId,
        asset: session.asset,
        round: call.round,
        gameCode: call.game_code,
        requestHash: hash,
        answer: {},
      };
      const claim = await repo.claim(
        tx,
        {
          ...base,
          transactionUuid: call.transaction_uuid,
          kind: spec.kind,
          referenceUuid: spec.referenceUuid,
          amount: spec.amount,
        },
        clock.now(),
      );
      if (!claim.claimed) {
        spec.claimed?.(claim.existing);
        return replay(claim.existing, spec.kind, hash, call.request_uuid);
      }
      await spec.step(tx, base);
      const answer = ok(call.request_uuid, session, await balanceOf(tx, session), {
        transaction_uuid: call.transaction_uuid,
      });
      await repo.saveAnswer(tx, providerId, call.transaction_uuid, answer);
      return answer;
    });
  }

  /**
   * One ledger transfer of a call between the player's account (locked) and the house's: a stake goes
   * to the house, a payout or reversal to the player. Its id is the call's transaction id.
   */
  async function move(
    tx: Executor,
    session: ProviderSessionRow,
    transfer: {
      providerId: string;
      uuid: string;
      toHouse: boolean;
      amount: bigint;
      code: 'bet' | 'bet_payout' | 'reversal';
      round: string;
      /** Whose house account (the bet's for a reversal); the session's when absent. */
      house?: { projectId: number; asset: Asset };
    },
  ): Promise<void> {
    const player = await playerAccount(tx, session);
    const house = await houseAccount(tx, transfer.house ?? session);
    await ledger.lockAccounts(tx, [player.id]);
    await ledger.transfer(tx, {
      id: transferId(transfer.providerId, transfer.uuid),
      debitAccountId: transfer.toHouse ? player.id : house.id,
      creditAccountId: transfer.toHouse ? house.id : player.id,
      amount: transfer.amount,
      code: transfer.code,
      reference: { type: 'provider_round', id: `${transfer.providerId}:${transfer.round}` },
    });
  }

  /** A bet row this session may settle: a bet (not a tombstone) of the session's player and asset. */
  function isSessionsBet(row: ProviderTxRow | null, session: ProviderSessionRow): row is ProviderTxRow {
    return (
      row?.kind === 'bet' &&
      row.userId === session.userId &&
      row.projectId === session.projectId &&
      row.asset === session.asset
    );
  }

  async function bet(
    providerId: string,
    body: z.infer<(typeof Schemas)['transaction/bet']>,
    session: ProviderSessionRow,
  ) {
    const amount = BigInt(body.amount);
    return transact(providerId, session, body, {
      kind: 'bet',
      hashed: { round: body.round, game: body.game_code, currency: body.currency, amount: body.amount },
      referenceUuid: null,
      amount,
      // A rollback came first and left a tombstone: the late bet is refused and moves nothing.
      claimed: (existing) => {
        if (existing.kind === 'tombstone') throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
      },
      step: async (tx) => {
        // A new bet only: a retry of a bet that was taken answers its stored answer even once the
        // token expired or the provider was switched off, or the provider, told "failed", would
        // never pay nor roll back a stake we took. (Refused here, the claim rolls back with it.)
        if (body.amount <= 0) throw new Refusal('RS_ERROR_WRONG_TYPES');
        if (session.expiresAt.getTime() <= clock.now().getTime()) throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
        if (!(await repo.enabled(tx, session.projectId, providerId)))
          throw new Refusal('RS_ERROR_INVALID_PARTNER');
        const context = { userId: session.userId, projectId: session.projectId, asset: session.asset };
        await playGate.beforeStake(tx, { ...context, stake: amount, source: 'provider' }).catch(gateRefusal);
        try {
          await move(tx, session, {
            providerId,
            uuid: body.transaction_uuid,
            toHouse: true,
            amount,
            code: 'bet',
            round: body.round,
          });
        } catch (error) {
          if (isInsufficientFunds(error)) throw new Refusal('RS_ERROR_NOT_ENOUGH_MONEY');
          throw error;
        }
      },
    });
  }

  async function win(
    providerId: string,
    body: z.infer<(typeof Schemas)['transaction/win']>,
    session: ProviderSessionRow,
  ) {
    const amount = BigInt(body.amount);
    return transact(providerId, session, body, {
      kind: 'win',
      hashed: {
        ref: body.reference_transaction_uuid,
        round: body.round,
        game: body.game_code,
        currency: body.currency,
        amount: body.amount,
      },
      referenceUuid: body.reference_transaction_uuid,
      amount,
      step: async (tx) => {
        // A win pays a bet of the same player, asset and round that stands (a player holds a
        // session a wallet asset: a win through another asset's token would pay in that asset).
        const bet = await repo.lockTx(tx, providerId, body.reference_transaction_uuid);
        if (!isSessionsBet(bet, session) || bet.round !== body.round)
          throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        if (bet.rolledBack) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
        const first = (await repo.winsOf(tx, providerId, bet.transactionUuid)) === 1;
        if (amount > 0n)
          await move(tx, session, {
            providerId,
            uuid: body.transaction_uuid,
            toHouse: false,
            amount,
            code: 'bet_payout',
            round: body.round,
          });
        await playGate.afterSettle(tx, {
          userId: session.userId,
          projectId: session.projectId,
          asset: session.asset,
          stake: first ? bet.amount : 0n,
          payout: amount,
        });
      },
    });
  }

  async function rollback(
    providerId: string,
    body: z.infer<(typeof Schemas)['transaction/rollback']>,
    session: ProviderSessionRow,
  ) {
    return transact(providerId, session, body, {
      kind: 'rollback',
      hashed: { ref: body.reference_transaction_uuid, round: body.round },
      referenceUuid: body.reference_transaction_uuid,
      amount: 0n,
      step: async (tx, base) => {
        let bet = await repo.lockTx(tx, providerId, body.reference_transaction_uuid);
        if (!bet) {
          // Before its bet: a tombstone under the bet's id refuses the bet when it arrives.
          const tombstone = await repo.claim(
            tx,
            {
              ...base,
              transactionUuid: body.reference_transaction_uuid,
              kind: 'tombstone',
              referenceUuid: body.transaction_uuid,
              amount: 0n,
            },
            clock.now(),
          );
          if (!tombstone.claimed) bet = tombstone.existing;
        }
        if (!bet || bet.kind === 'tombstone') return;
        // The bet of this player in this session's asset and the rollback's round: another asset's
        // bet would be reversed into this asset's wallet.
        if (!isSessionsBet(bet, session) || bet.round !== body.round)
          throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
        if (bet.rolledBack) return;
        // A bet already paid is settled: only a bet without wins is reversed.
        if ((await repo.winsOf(tx, providerId, bet.transactionUuid)) > 0)
          throw new Refusal('RS_ERROR_UNKNOWN');
        await move(tx, session, {
          providerId,
          uuid: body.transaction_uuid,
          toHouse: false,
          amount: bet.amount,
          code: 'reversal',
          round: bet.round,
          house: bet,
        });
        await repo.markRolledBack(tx, providerId, bet.transactionUuid);
        await playGate.afterSettle(tx, {
          userId: session.userId,
          projectId: session.projectId,
          asset: session.asset,
          stake: bet.amount,
          payout: bet.amount,
        });
      },
    });
  }

  return {
    /**
     * One wallet call: verifies the signature of the raw body with the provider's key, validates the
     * body, resolves the session by token, and runs the operation. Never throws for the provider's
     * input: every refusal is an answer with its status.
     */
    async handle(
      providerId: string,
      operation: WalletOperation,
      rawBody: string,
      signature: string | undefined,
    ): Promise<WalletAnswer> {
      const provider = deps.provider(providerId);
      if (!provider) return { status: 'RS_ERROR_INVALID_PARTNER', request_uuid: null };
      if (!verifyBody(provider.publicKey, rawBody, signature))
        return { status: 'RS_ERROR_INVALID_SIGNATURE', request_uuid: null };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { status: 'RS_ERROR_WRONG_SYNTAX', request_uuid: null };
      }
      const parsed = Schemas[operation].safeParse(json);
      const requestUuid =
        typeof (json as { request_uuid?: unknown })?.request_uuid === 'string'
          ? ((json as { request_uuid: string }).request_uuid as string).slice(0, 100)
          : null;
      if (!parsed.success) return { status: 'RS_ERROR_WRONG_TYPES', request_uuid: requestUuid };
      const body = parsed.data;
      const session = await repo.session(repo.db, providerId, body.token);
      if (!session || String(session.userId) !== body.user)
        return { status: 'RS_ERROR_INVALID_TOKEN', request_uuid: body.request_uuid };
      if ('currency' in body && body.currency !== session.asset)
        return { status: 'RS_ERROR_WRONG_CURRENCY', request_uuid: body.request_uuid };
      try {
        switch (operation) {
          case 'user/info':
          case 'user/balance':
            return ok(body.request_uuid, session, await balanceOf(repo.db, session));
          case 'transaction/bet':
            return await bet(providerId, body as z.infer<(typeof Schemas)['transaction/bet']>, session);
          case 'transaction/win':
            return await win(providerId, body as z.infer<(typeof Schemas)['transaction/win']>, session);
          case 'transaction/rollback':
            return await rollback(
              providerId,
              body as z.infer<(typeof Schemas)['transaction/rollback']>,
              session,
            );
        }
      } catch (error) {
        if (!(error instanceof Refusal)) {
          // A fault, not the provider's input: logged, and answered in the protocol (every answer is
          // HTTP 200 with a status); the transaction rolled back, so nothing moved and a retry is safe.
          deps.log(error, `provider wallet ${providerId} ${operation}`);
          return { status: 'RS_ERROR_UNKNOWN', request_uuid: body.request_uuid };
        }
        return {
          status: error.status,
          request_uuid: body.request_uuid,
          user: body.user,
          currency: session.asset,
          balance: await balanceOf(repo.db, session),
        };
      }
    },
  };
}
export type ProviderWallet = ReturnType<typeof createProviderWallet>;
