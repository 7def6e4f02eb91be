// Proves that contention is an operating error, never errCode 0: when another assignment takes the
// chosen operator's quota on every attempt, createOrder answers 3044 (try again) after its attempts,
// and a deadlock or serialization failure that outlasted its retries answers 3044 / HTTP 503.
import { ErrorCode, INDONESIAN_RAILS } from '@payhub/contracts';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LedgerError } from '../../ledger/ledger.ts';
import { ManualClock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import { installErrorEnvelope } from '../../platform/http/error-envelope.ts';
import type { PayhubRepo } from './payhub.repo.ts';
import { createPayhubService, type PayhubDeps } from './payhub.service.ts';

const PROJECT = {
  id: 12,
  currency: 'IDR',
  timeZone: 'Asia/Jakarta',
  rails: INDONESIAN_RAILS,
} as unknown as ReturnType<PayhubDeps['projectById']>;

describe('assignment attempts', () => {
  it('answers 3044 when the chosen quota is taken on every attempt', async () => {
    let choices = 0;
    const executor = { execute: async () => ({ rows: [] }) };
    const order = { id: 1, state: -1, playerId: 7, projectId: 12, currency: 'IDR', amount: 10_000_000n };
    const repo = {
      db: executor,
      transaction: (action: (tx: unknown) => Promise<unknown>) => action(executor),
      isPaymentOperator: async () => false,
      insertOrder: async () => 1,
      chooseOperator: async () => {
        choices += 1;
        return { operatorId: 3, cardId: 5, commissionBps: 100, dailyMax: 10n ** 12n };
      },
      savepoint: async () => {},
      rollbackToSavepoint: async () => {},
      cardAccepts: async () => true,
      order: async () => order,
      reserveDaily: async () => true,
      markAssigned: async () => {},
    } as unknown as PayhubRepo;
    const account = { id: 1n };
    const ledger = {
      userAccount: async () => account,
      systemAccount: async () => account,
      hold: async () => {
        throw new LedgerError('insufficient_funds', 'insufficient funds in 1');
      },
    } as unknown as PayhubDeps['ledger'];
    const service = createPayhubService({
      repo,
      ledger,
      clock: new ManualClock(new Date('2026-11-24T00:00:00Z')),
      notifier: { notify: async () => {} },
      projectById: () => PROJECT,
      isOwnUpload: async () => true,
      log: () => {},
    });
    const session = { userId: 7, projectId: 12, staffRole: null } as unknown as Parameters<
      typeof service.createOrder
    >[0];
    const failure = await service
      .createOrder(session, { amount: 10_000_000n, bankCode: 'BCA', port: 'bank_transfer' }, undefined, '::1')
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).errCode).toBe(ErrorCode.TryAgain);
    expect(choices).toBe(3);
  });

  it('answers 3044 / HTTP 503 for a deadlock or serialization failure that outlasted its retries', async () => {
    const app = Fastify();
    installErrorEnvelope(app);
    for (const code of ['40P01', '40001'])
      app.get(`/${code}`, async () => {
        throw Object.assign(new Error('wrapped'), { cause: Object.assign(new Error('deadlock'), { code }) });
      });
    app.get('/fault', async () => {
      throw new Error('a programming error');
    });
    for (const code of ['40P01', '40001']) {
      const reply = await app.inject({ method: 'GET', url: `/${code}`, headers: { language: 'en' } });
      expect(reply.statusCode).toBe(503);
      expect(reply.json()).toEqual({ errCode: 3044, errMsg: 'Busy right now, please try again in a moment' });
    }
    // A real fault still answers 0 without internals.
    const fault = await app.inject({ method: 'GET', url: '/fault' });
    expect(fault.statusCode).toBe(500);
    expect(fault.json().errCode).toBe(0);
    await app.close();
  });
});
