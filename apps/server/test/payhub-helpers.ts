// Helpers shared by the payment hub's integration tests: failures as values, balances read through
// the API, the ledger check against the test database, and funding a wallet through a real deposit.
import type { PayhubClient } from '@payhub/client';
import { contracts } from '@payhub/contracts';
import { MODULE_INVARIANTS } from '../src/invariants.ts';
import { checkLedger, formatReport } from '../src/ledger/ledger-check.ts';
import type { TestApp } from './test-app.ts';

// Failures as values live in api-errors.ts; re-exported for this file's importers.
export { failure } from './api-errors.ts';

export function minor(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  const sign = whole!.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole!.replace('-', '')) * 100n + BigInt(fraction.padEnd(2, '0')));
}

export async function walletOf(player: PayhubClient) {
  const balance = await player.api.withdraw.balance();
  return { balance: minor(balance.balance), held: minor(balance.held), available: minor(balance.available) };
}

export async function quotaOf(operator: PayhubClient) {
  const quota = await operator.api.quota.query();
  return {
    quota: minor(quota.quota),
    held: minor(quota.held),
    available: minor(quota.available),
    commission: minor(quota.commission),
  };
}

/** Every ledger and order invariant; throws with the report when any is broken. */
export async function expectLedgerClean(testApp: TestApp): Promise<void> {
  const report = await checkLedger(testApp.database.pool, MODULE_INVARIANTS);
  if (!report.ok) throw new Error(formatReport(report));
}

/** The demo account's user id. */
export async function userIdOf(client: PayhubClient): Promise<number> {
  return (await client.api.user.me()).id;
}

/** A tiny PNG the upload endpoint accepts (its type is sniffed from these bytes). */
const VOUCHER_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

/** Uploads a voucher image as this client (POST /main/site/upload); answers its `/uploads/...` url. */
export async function uploadVoucher(client: PayhubClient): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(VOUCHER_PNG)], { type: 'image/png' }), 'voucher.png');
  const answer = (await client.http.call(contracts.site.upload, { body })) as { url: string };
  return answer.url;
}

/**
 * A deposit order placed by the player, its voucher uploaded and the assigned operator's confirmation
 * (one of `operators`): the wallet credited at the clock's now. Answers the credit's ledger transfer id.
 */
export async function confirmedDeposit(
  testApp: TestApp,
  operators: PayhubClient[],
  player: PayhubClient,
  amount: string,
): Promise<string> {
  const order = await player.api.payhub.createOrder({ body: { amount, bankCode: 'BCA' } });
  await player.api.payhub.voucher({ body: { id: order.id, voucherUrl: await uploadVoucher(player) } });
  for (const operator of operators) {
    if (order.operatorId !== (await operator.api.user.me()).id) continue;
    await operator.api.payhub.payCheck({ body: { id: order.id, action: 'confirm' } });
    const { rows } = await testApp.database.pool.query<{ id: string }>(
      `SELECT id FROM ledger_transfers WHERE id = $1`,
      [`pay:${order.id}:post`],
    );
    return rows[0]!.id;
  }
  throw new Error('no operator took the order');
}
