import { randomUUID } from 'node:crypto';
import {
  ASSET_CODES,
  ASSETS,
  type Asset,
  ErrorCode,
  formatAmount,
  type ProjectConfig,
  type Quote,
  type Rate,
} from '@payhub/contracts';
import { accounts, type Ledger } from '../../ledger/ledger.ts';
import { isInsufficientFunds } from '../../money/ledger-refusal.ts';
import type { SqlCall } from '../../money/play-gate.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, badParameter, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { walletAssets } from '../wallet/wallet.service.ts';
import {
  decimalToFraction,
  type Fraction,
  fractionToDecimal,
  minorRate,
  quoteAmount,
  wholeRate,
} from './exchange.math.ts';
import { type ExchangeRepo, payableAllAtRateSql, payableAtRateSql, type QuoteRow } from './exchange.repo.ts';

/**
 * Where rates come from. The dev/default source is the configured table `exchange_rates` (each
 * asset's USD price, changed by an admin); a market feed would implement the same call.
 */
export interface RateSource {
  /** Each asset's USD price per whole unit, as exact fractions. */
  prices(executor: Executor, projectId: number): Promise<Map<Asset, Fraction>>;
  /**
   * `payableAtRate` as an SQL bigint expression (NULL: no rate) for a caller's one statement, when
   * the source's prices are readable in SQL; absent for a source that is not (a market feed).
   */
  payableCall?(projectId: number, from: Asset, to: Asset, amount: bigint, offset: number): SqlCall;
  /** `payableCall` of several amounts at once: an SQL bigint[] (NULL where no rate), one per item. */
  payableAllCall?(
    items: ReadonlyArray<{ projectId: number; from: Asset; to: Asset; amount: bigint }>,
    offset: number,
  ): SqlCall;
}

export function tableRateSource(repo: ExchangeRepo): RateSource {
  return {
    prices: (executor, projectId) => repo.prices(executor, projectId),
    payableCall: (projectId, from, to, amount, offset) =>
      payableAtRateSql(
        { projectId, from, to, amount, fromScale: ASSETS[from].scale, toScale: ASSETS[to].scale },
        offset,
      ),
    payableAllCall: (items, offset) =>
      payableAllAtRateSql(
        items.map((item) => ({
          projectId: item.projectId,
          from: item.from,
          to: item.to,
          amount: item.amount,
          fromScale: ASSETS[item.from].scale,
          toScale: ASSETS[item.to].scale,
        })),
        offset,
      ),
  };
}

/**
 * What `amount` of `from` is worth in `to` at the mid rate (no spread), rounded up to a whole minor
 * unit: what a payer must send to cover it (an operator's USDT quota top-up).
 */
export async function payableAtRate(
  rates: RateSource,
  executor: Executor,
  projectId: number,
  from: Asset,
  to: Asset,
  amount: bigint,
): Promise<bigint> {
  const prices = await rates.prices(executor, projectId);
  const priceFrom = prices.get(from);
  const priceTo = prices.get(to);
  if (!priceFrom || !priceTo) throw new Error(`no rate between ${from} and ${to}`);
  const rate = minorRate(from, to, priceFrom, priceTo);
  return (amount * rate.num + rate.den - 1n) / rate.den;
}

/** 100 YEC = 1 USD (spec §9): YEC's price is fixed, never set. */
const YEC_USD_PRICE = '0.01';

export interface ExchangeDeps {
  repo: ExchangeRepo;
  ledger: Ledger;
  clock: Clock;
  rates?: RateSource;
  projectById: (id: number) => ProjectConfig | undefined;
}

/** Posting codes of an exchange's two legs (history maps both to `exchange`). */
export const EXCHANGE_CODES = { operation: 'exchange', in: 'exchange_in', out: 'exchange_out' } as const;

/** The refusal when the player's source balance does not cover the amount: 3014 for YEC, else 700. */
export function shortOf(asset: Asset): AppError {
  return new AppError(asset === 'YEC' ? ErrorCode.YecInsufficient : ErrorCode.InsufficientBalance);
}

function toRateWire(from: Asset, to: Asset, rate: Fraction, spreadBps: number): Rate {
  return {
    from,
    to,
    numerator: rate.num.toString(),
    denominator: rate.den.toString(),
    display: fractionToDecimal(wholeRate(from, to, rate), 8),
    spreadBps,
  };
}

function toQuoteWire(row: QuoteRow, now: Date): Quote {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    fromAmount: formatAmount(row.fromAmount, row.from),
    toAmount: formatAmount(row.toAmount, row.to),
    rate: toRateWire(row.from, row.to, row.rate, row.spreadBps),
    state: row.state,
    ttlSeconds: Math.max(0, Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000)),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
  };
}

export function createExchangeService(deps: ExchangeDeps) {
  const { repo, ledger, clock } = deps;
  const rates = deps.rates ?? tableRateSource(repo);

  async function rateOf(executor: Executor, projectId: number, from: Asset, to: Asset): Promise<Fraction> {
    const prices = await rates.prices(executor, projectId);
    const priceFrom = prices.get(from);
    const priceTo = prices.get(to);
    if (!priceFrom || !priceTo) throw badParameter(`no rate between ${from} and ${to}`);
    return minorRate(from, to, priceFrom, priceTo);
  }

  function requireAdmin(session: Session) {
    if (session.staffRole !== 'admin') throw noPermission();
  }

  return {
    async rate(session: Session, query: { from?: Asset | undefined; to?: Asset | undefined }) {
      const prices = await rates.prices(repo.db, session.projectId);
      const settings = await repo.settings(repo.db, session.projectId);
      const items: Rate[] = [];
      for (const from of ASSET_CODES) {
        for (const to of ASSET_CODES) {
          if (from === to || (query.from && query.from !== from) || (query.to && query.to !== to)) continue;
          const priceFrom = prices.get(from);
          const priceTo = prices.get(to);
          if (priceFrom && priceTo)
            items.push(toRateWire(from, to, minorRate(from, to, priceFrom, priceTo), settings.spreadBps));
        }
      }
      const currency = deps.projectById(session.projectId)?.currency ?? 'IDR';
      const usdPer = (asset: Asset) => {
        const price = prices.get(asset);
        const local = prices.get(currency);
        if (!price || !local) return '0.00';
        return fractionToDecimal({ num: price.num * local.den, den: price.den * local.num }, 2);
      };
      return {
        items,
        quoteTtlSeconds: settings.quoteTtlSeconds,
        currency,
        usd: fractionToDecimal(
          { num: prices.get(currency)?.den ?? 0n, den: prices.get(currency)?.num ?? 1n },
          2,
        ),
        usdt: usdPer('USDT'),
        yecPerUsd: 100,
      };
    },

    /**
     * Fixes both amounts for the configured lifetime. The balance is checked now so the player hears
     * of a shortfall before accepting; acceptance checks it again, atomically, in the ledger.
     */
    async quote(session: Session, input: { from: Asset; to: Asset; amount: bigint }): Promise<Quote> {
      // A player holds its project's currency, USDT and YEC; another project's currency is not its own.
      const project = deps.projectById(session.projectId);
      const held = project ? walletAssets(project) : [];
      if (!held.includes(input.from)) throw badParameter(`from: one of ${held.join(', ')}`);
      if (!held.includes(input.to)) throw badParameter(`to: one of ${held.join(', ')}`);
      const now = clock.now();
      const settings = await repo.settings(repo.db, session.projectId);
      const rate = await rateOf(repo.db, session.projectId, input.from, input.to);
      const received = quoteAmount(input.amount, rate, settings.spreadBps);
      if (received === null) throw badParameter('amount: too small or too large to exchange');
      const source = await ledger.findAccount(
        repo.db,
        accounts.player(session.projectId, session.userId, input.from).address,
      );
      const available = source ? (await ledger.balance(repo.db, source.id)).available : 0n;
      if (available < input.amount) throw shortOf(input.from);
      const row = await repo.insertQuote(repo.db, {
        id: randomUUID(),
        projectId: session.projectId,
        playerId: session.userId,
        from: input.from,
        to: input.to,
        fromAmount: input.amount,
        toAmount: received,
        rate,
        spreadBps: settings.spreadBps,
        createdAt: now,
        expiresAt: new Date(now.getTime() + settings.quoteTtlSeconds * 1000),
      });
      return toQuoteWire(row, now);
    },

    async getQuote(session: Session, id: string): Promise<Quote> {
      const row = await repo.quote(repo.db, id, { projectId: session.projectId, playerId: session.userId });
      if (!row) throw notFound('quote');
      return toQuoteWire(row, clock.now());
    },

    /**
     * Accepts a quote once: under the quote's row lock it must be the caller's, open and unexpired;
     * then both legs (player → house exchange desk in the source asset, house desk → player in the
     * target asset) move in one linked operation `xq:<id>`, or nothing moves and the quote stays open.
     */
    async accept(session: Session, id: string, ip: string | null): Promise<Quote> {
      const owner = { projectId: session.projectId, playerId: session.userId };
      return repo.transaction(async (tx) => {
        const quote = await repo.quote(tx, id, owner, true);
        if (!quote) throw notFound('quote');
        const now = clock.now();
        if (quote.state === 'accepted') throw new AppError(ErrorCode.QuoteUsed);
        if (now.getTime() >= quote.expiresAt.getTime()) throw new AppError(ErrorCode.QuoteExpired);
        const accepted = await repo.markAccepted(tx, id, now);
        const playerFrom = await ledger.account(
          tx,
          accounts.player(quote.projectId, quote.playerId, quote.from),
        );
        const playerTo = await ledger.account(tx, accounts.player(quote.projectId, quote.playerId, quote.to));
        const deskFrom = await ledger.account(tx, accounts.exchange(quote.projectId, quote.from));
        const deskTo = await ledger.account(tx, accounts.exchange(quote.projectId, quote.to));
        try {
          await ledger.linked(tx, {
            id: `xq:${quote.id}`,
            code: EXCHANGE_CODES.operation,
            reference: { type: 'exchange_quote', id: quote.id },
            postings: [
              {
                id: `xq:${quote.id}:in`,
                kind: 'single',
                debitAccountId: playerFrom.id,
                creditAccountId: deskFrom.id,
                amount: quote.fromAmount,
                code: EXCHANGE_CODES.in,
              },
              {
                id: `xq:${quote.id}:out`,
                kind: 'single',
                debitAccountId: deskTo.id,
                creditAccountId: playerTo.id,
                amount: quote.toAmount,
                code: EXCHANGE_CODES.out,
              },
            ],
          });
        } catch (error) {
          if (isInsufficientFunds(error)) throw shortOf(quote.from);
          throw error;
        }
        await writeAudit(tx, {
          projectId: quote.projectId,
          actorId: session.userId,
          action: 'exchange.accept',
          objectType: 'exchange_quote',
          objectId: quote.id,
          after: {
            from: quote.from,
            to: quote.to,
            fromAmount: formatAmount(quote.fromAmount, quote.from),
            toAmount: formatAmount(quote.toAmount, quote.to),
            spreadBps: quote.spreadBps,
          },
          ip,
        });
        return toQuoteWire(accepted, now);
      });
    },

    async setRate(session: Session, input: { asset: Asset; usdPrice: string }, ip: string | null) {
      requireAdmin(session);
      if (input.asset === 'YEC') throw badParameter(`asset: YEC is fixed at ${YEC_USD_PRICE} USD (spec §9)`);
      const price = decimalToFraction(input.usdPrice);
      await repo.transaction(async (tx) => {
        await repo.setPrice(tx, session.projectId, input.asset, price, clock.now());
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'exchange.rate',
          objectType: 'exchange_rate',
          objectId: input.asset,
          after: { usdPrice: input.usdPrice },
          ip,
        });
      });
      return { asset: input.asset, usdPrice: input.usdPrice };
    },

    async updateSettings(
      session: Session,
      input: { spreadBps: number; quoteTtlSeconds: number },
      ip: string | null,
    ) {
      requireAdmin(session);
      await repo.transaction(async (tx) => {
        await repo.saveSettings(tx, session.projectId, input, clock.now());
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'exchange.settings',
          objectType: 'exchange_settings',
          objectId: String(session.projectId),
          after: input,
          ip,
        });
      });
      return input;
    },
  };
}
export type ExchangeService = ReturnType<typeof createExchangeService>;
