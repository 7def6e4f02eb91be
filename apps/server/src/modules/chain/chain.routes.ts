import { contracts, formatAmount } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { createDevFaucet } from './chain.faucet.ts';
import type { ChainDepositService } from './chain-deposit.service.ts';
import type { ChainWithdrawService } from './chain-withdraw.service.ts';

export function registerChainRoutes(
  app: FastifyInstance,
  deps: BindDeps & {
    production: boolean;
    network: { name: string; chainId: () => Promise<number>; tokenAddress: string };
    minDeposit: bigint;
    confirmations: number;
    faucet: ReturnType<typeof createDevFaucet> | undefined;
  },
  deposits: ChainDepositService,
  withdrawals: ChainWithdrawService,
): void {
  const api = contracts.chain;
  const faucet = deps.production ? undefined : deps.faucet;
  bindEndpoint(app, deps, api.depositAddress, async ({ context }) => ({
    address: await deposits.address(context.session),
    asset: 'USDT' as const,
    network: deps.network.name,
    chainId: await deps.network.chainId(),
    tokenAddress: deps.network.tokenAddress,
    minDeposit: formatAmount(deps.minDeposit, 'USDT'),
    confirmationsRequired: deps.confirmations,
    faucet: faucet !== undefined,
  }));
  bindEndpoint(app, deps, api.deposits, async ({ query, context }) => deposits.list(context.session, query));
  bindEndpoint(app, deps, api.addresses, async ({ context }) => withdrawals.addresses(context.session));
  bindEndpoint(
    app,
    deps,
    api.addressCode,
    async ({ context }) => withdrawals.sendAddressCode(context.session),
    {
      rateLimitPerMinute: 10,
    },
  );
  bindEndpoint(app, deps, api.addAddress, async ({ body, context }) =>
    withdrawals.addAddress(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, api.withdrawQuote, async ({ body, context }) =>
    withdrawals.quote(context.session, body.amount),
  );
  bindEndpoint(app, deps, api.withdraw, async ({ body, context }) =>
    withdrawals.request(context.session, body, context.idempotencyKey, context.ip),
  );
  bindEndpoint(app, deps, api.withdrawals, async ({ query, context }) =>
    withdrawals.list(context.session, query),
  );
  bindEndpoint(app, deps, api.blockedAddresses, async ({ context }) =>
    withdrawals.blocklist.list(context.session),
  );
  bindEndpoint(app, deps, api.blockAddress, async ({ body, context }) =>
    withdrawals.blocklist.add(context.session, body, context.ip),
  );
  bindEndpoint(app, deps, api.unblockAddress, async ({ params, context }) =>
    withdrawals.blocklist.remove(context.session, params.address, context.ip),
  );
  if (faucet) {
    bindEndpoint(app, deps, api.devFaucet, async ({ body, context }) => ({
      txHash: await faucet.send(context.ip, await deposits.address(context.session), body.amount),
    }));
  }
}
