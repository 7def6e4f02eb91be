// The payment hub's mixed load, shared by bench/mixed-load.bench.ts and scripts/crash-mixed-load.ts:
// clients that each, in a loop, create a deposit and have its operator confirm or cancel it, or
// create a withdrawal that an operator takes and finishes (or the player cancels it while waiting),
// all on the same few operators and players of one project so that every path meets every other.
// Every acknowledged (2xx) operation is reported with the state it left its order in.
import { ApiError, createPayhubClient } from '@payhub/client';
import { contracts, PayOrderState } from '@payhub/contracts';

export interface DemoAccount {
  projectId: number;
  label: string;
  phone: string;
  password: string;
}

export type Action =
  | 'deposit_create'
  | 'deposit_confirm'
  | 'deposit_cancel'
  | 'withdraw_create'
  | 'withdraw_take'
  | 'withdraw_finish'
  | 'withdraw_cancel';

/** An acknowledged operation: the order it touched and the state the answer reported. */
export interface Acknowledged {
  action: Action;
  table: 'pay_orders' | 'withdraw_orders';
  id: number;
  state: number;
}

export interface MixedLoadResult {
  acknowledged: number;
  byAction: Record<string, number>;
  /** Business refusals (4xx with a catalogue code), by code: expected under contention. */
  refused: Record<string, number>;
  /** HTTP 5xx answers (errCode 0 and every other), by code. */
  serverErrors: Record<string, number>;
  /** No answer at all (connection refused, reset, client timeout). */
  noAnswer: number;
  latenciesMs: number[];
  seconds: number;
}

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);
const BANKS = ['BCA', 'BNI', 'BRI', 'MANDIRI'] as const;
const CALL_TIMEOUT_MS = 60_000;

export async function signInAll(baseUrl: string, accounts: DemoAccount[], projectId: number) {
  const signIn = async (label: string) => {
    const account = accounts.find(
      (candidate) => candidate.projectId === projectId && candidate.label === label,
    );
    if (!account) throw new Error(`no demo account ${label} in project ${projectId}`);
    const client = createPayhubClient({ baseUrl, projectId, timeoutMs: CALL_TIMEOUT_MS });
    const { token, user } = await client.api.user.login({
      body: { phone: account.phone, password: account.password },
    });
    client.setToken(token);
    return { client, id: user.id };
  };
  const operators = [await signIn('operator'), await signIn('operator-2')];
  const players = [await signIn('player'), await signIn('player-2')];
  for (const operator of operators) await operator.client.api.payhub.setWork({ params: { flag: 1 } });
  // A transfer voucher each operator really uploaded, for its finishes.
  const vouchers = new Map<number, string>();
  for (const operator of operators) {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'voucher.png');
    const uploaded = (await operator.client.http.call(contracts.site.upload, { body })) as { url: string };
    vouchers.set(operator.id, uploaded.url);
  }
  // One bank account per player for its withdrawals (an existing one after a restart).
  const bankAccounts = new Map<number, number>();
  for (const [index, player] of players.entries()) {
    const existing = (await player.client.api.withdraw.bankList()).items[0];
    const account =
      existing ??
      (await player.client.api.withdraw.bankAdd({
        body: {
          bankCode: 'BNI',
          accountNo: `55500${projectId}${index}0001`,
          holderName: `Beban Campur ${'AB'[index]}`,
        },
      }));
    bankAccounts.set(player.id, account.id);
  }
  return { operators, players, vouchers, bankAccounts };
}

export type Cast = Awaited<ReturnType<typeof signInAll>>;

/**
 * Runs `clients` concurrent loops for `durationMs` (or until `signal` aborts). Each call's latency is
 * recorded; `onAcknowledged` sees every 2xx money operation as soon as its answer arrives.
 */
export async function runMixedLoad(options: {
  cast: Cast;
  clients: number;
  durationMs: number;
  signal?: AbortSignal;
  onAcknowledged?: (operation: Acknowledged) => void;
}): Promise<MixedLoadResult> {
  const { cast } = options;
  const result: MixedLoadResult = {
    acknowledged: 0,
    byAction: {},
    refused: {},
    serverErrors: {},
    noAnswer: 0,
    latenciesMs: [],
    seconds: 0,
  };
  const startedAt = performance.now();
  const deadline = startedAt + options.durationMs;
  const running = () => performance.now() < deadline && !options.signal?.aborted;
  let sequence = 0;
  const operatorById = new Map(cast.operators.map((operator) => [operator.id, operator.client]));

  /** One call: latency, outcome; answers the value or null when it was refused or unanswered. */
  async function call<T extends { id: number; state: number }>(
    action: Action,
    table: Acknowledged['table'],
    run: () => Promise<T>,
  ): Promise<T | null> {
    const began = performance.now();
    try {
      const value = await run();
      result.latenciesMs.push(performance.now() - began);
      result.acknowledged += 1;
      result.byAction[action] = (result.byAction[action] ?? 0) + 1;
      options.onAcknowledged?.({ action, table, id: value.id, state: value.state });
      return value;
    } catch (error) {
      result.latenciesMs.push(performance.now() - began);
      if (error instanceof ApiError && error.httpStatus !== null && error.httpStatus > 0) {
        const bucket = error.httpStatus >= 500 ? result.serverErrors : result.refused;
        bucket[String(error.errCode)] = (bucket[String(error.errCode)] ?? 0) + 1;
      } else {
        result.noAnswer += 1;
      }
      return null;
    }
  }

  async function depositFlow(player: Cast['players'][number], turn: number) {
    const amount = `${50_000 + (turn % 7) * 10_000}.00`;
    const order = await call('deposit_create', 'pay_orders', () =>
      player.client.api.payhub.createOrder({ body: { amount, bankCode: BANKS[turn % BANKS.length]! } }),
    );
    if (order?.state !== PayOrderState.WAIT || order.operatorId === null) return;
    const operator = operatorById.get(order.operatorId);
    if (!operator) return;
    // Deposit turns are even: one in four of them cancels.
    const action = turn % 8 === 0 ? 'cancel' : 'confirm';
    await call(action === 'confirm' ? 'deposit_confirm' : 'deposit_cancel', 'pay_orders', () =>
      operator.api.payhub.payCheck({ body: { id: order.id, action } }),
    );
  }

  async function withdrawalFlow(player: Cast['players'][number], turn: number) {
    const bankAccountId = cast.bankAccounts.get(player.id)!;
    const order = await call('withdraw_create', 'withdraw_orders', () =>
      player.client.api.withdraw.create({ body: { amount: '50000.00', bankAccountId } }),
    );
    if (!order) return;
    if (turn % 5 === 0) {
      await call('withdraw_cancel', 'withdraw_orders', () =>
        player.client.api.withdraw.cancel({ params: { id: order.id } }),
      );
      return;
    }
    const operator = cast.operators[turn % cast.operators.length]!;
    const taken = await call('withdraw_take', 'withdraw_orders', () =>
      operator.client.api.withdraw.spammerHandle({ body: { id: order.id, action: 'take' } }),
    );
    if (!taken) return;
    await call('withdraw_finish', 'withdraw_orders', () =>
      operator.client.api.withdraw.spammerHandle({
        body: { id: order.id, action: 'finish', voucherUrl: cast.vouchers.get(operator.id)! },
      }),
    );
  }

  async function worker(index: number) {
    const player = cast.players[index % cast.players.length]!;
    while (running()) {
      sequence += 1;
      const turn = sequence;
      if (turn % 2 === 0) await depositFlow(player, turn);
      else await withdrawalFlow(player, turn);
    }
  }

  await Promise.all(Array.from({ length: options.clients }, (_, index) => worker(index)));
  result.seconds = (performance.now() - startedAt) / 1000;
  return result;
}

export function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}
