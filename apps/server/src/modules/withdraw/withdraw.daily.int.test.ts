// Proves the operator's daily limit follows a withdrawal (issue 11): taking one counts its amount
// on the operator's day, and a taken withdrawal the manager fails (not paid by the operator) gives
// the amount back to that day; a finished one keeps it counted.
import type { PayhubClient } from '@payhub/client';
import { WithdrawOrderState as W } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../../../test/payhub-helpers.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
let player: PayhubClient;
let manager: PayhubClient;
let operator: PayhubClient;
let operatorId: number;
let bankAccountId: number;

beforeAll(async () => {
  testApp = await startTestApp();
  player = await testApp.signIn('player');
  manager = await testApp.signIn('operator-manage');
  operator = await testApp.signIn('operator');
  operatorId = (await operator.api.user.me()).id;
  bankAccountId = (
    await player.api.withdraw.bankAdd({
      body: { bankCode: 'BRI', accountNo: '9876543210', holderName: 'Budi Santoso' },
    })
  ).id;
});
afterAll(async () => testApp?.close());

async function assigned(): Promise<bigint> {
  const { rows } = await testApp.database.pool.query<{ assigned: string | null }>(
    `SELECT coalesce(sum(assigned), 0)::text AS assigned FROM payhub_operator_daily WHERE operator_id = $1`,
    [operatorId],
  );
  return BigInt(rows[0]!.assigned ?? '0');
}

describe("withdrawals and the operator's daily limit", () => {
  it('a taken withdrawal failed by the manager gives the volume back; a finished one keeps it', async () => {
    const start = await assigned();
    const failed = await player.api.withdraw.create({ body: { amount: '100000.00', bankAccountId } });
    await operator.api.withdraw.spammerHandle({ body: { id: failed.id, action: 'take' } });
    expect(await assigned()).toBe(start + 10_000_000n);
    await operator.api.withdraw.spammerHandle({
      body: { id: failed.id, action: 'report', remark: 'rekening salah' },
    });
    // Reported: still counted (the manager may yet finish it as paid).
    expect(await assigned()).toBe(start + 10_000_000n);
    expect(
      (await manager.api.withdraw.leaderHandle({ body: { id: failed.id, action: 'fail', remark: 'batal' } }))
        .state,
    ).toBe(W.FAILED);
    expect(await assigned()).toBe(start);

    const paid = await player.api.withdraw.create({ body: { amount: '60000.00', bankAccountId } });
    await operator.api.withdraw.spammerHandle({ body: { id: paid.id, action: 'take' } });
    await operator.api.withdraw.spammerHandle({ body: { id: paid.id, action: 'report', remark: 'cek' } });
    expect(
      (
        await manager.api.withdraw.leaderHandle({
          body: { id: paid.id, action: 'finish', voucherUrl: '/uploads/w.png' },
        })
      ).state,
    ).toBe(W.FINISH);
    expect(await assigned()).toBe(start + 6_000_000n);
    await expectLedgerClean(testApp);
  });
});
