import { ErrorCode } from '@payhub/contracts';
import { type Address, createPublicClient, createWalletClient, type Hash, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { AppError } from '../../platform/errors.ts';
import { ERC20_ABI } from './chain.abi.ts';

/** The most one faucet call sends: 10,000 test USDT. */
export const FAUCET_MAX = 10_000n * 1_000_000n;

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * The dev chain's "send test USDT to my address" (development only, loopback callers only): a plain
 * token transfer from the faucet key, so the deposit arrives through the watcher like any other.
 * Calls are queued: one key, one nonce sequence.
 */
export function createDevFaucet(options: {
  rpcUrl: string;
  tokenAddress: Address;
  faucetKey: `0x${string}`;
}) {
  const account = privateKeyToAccount(options.faucetKey);
  const transport = http(options.rpcUrl, { timeout: 10_000 });
  const wallet = createWalletClient({ account, transport });
  const client = createPublicClient({ transport });
  let queue: Promise<unknown> = Promise.resolve();
  return {
    send(ip: string, to: Address, amount: bigint): Promise<Hash> {
      if (!LOOPBACK.has(ip))
        throw new AppError(ErrorCode.NoPermission, 'the faucet answers loopback callers only');
      if (amount > FAUCET_MAX) throw new AppError(ErrorCode.WithdrawalOutOfRange, '0.000001 - 10000.000000');
      const run = queue.then(async () => {
        const chain = {
          id: await client.getChainId(),
          name: 'dev',
          nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [options.rpcUrl] } },
        };
        return wallet.writeContract({
          chain,
          address: options.tokenAddress,
          abi: ERC20_ABI,
          functionName: 'transfer',
          args: [to, amount],
        });
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}
