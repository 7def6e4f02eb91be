// Helpers of the chain tests: an own dev chain per test file (mined and reverted at will), a sender
// of test USDT, and balances read from the ledger.
import type { PayhubClient } from '@payhub/client';
import { type Address, createPublicClient, createWalletClient, type Hash, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { loadConfig } from '../src/config.ts';
import { ERC20_ABI } from '../src/modules/chain/chain.abi.ts';
import type { ChainRuntime } from '../src/modules/chain/chain.plugin.ts';
import { type DevChain, startDevChain } from '../src/modules/chain/dev-chain.ts';
import type { TestApp } from './test-app.ts';

export const DEV_MNEMONIC = loadConfig({ NODE_ENV: 'test' }).chain.devMnemonic ?? '';

/** The withdrawal tests' chain settings: rounds run by hand, 3 confirmations, 10–1,000 USDT, fee 1. */
export const WITHDRAW_TEST_ENV = {
  CHAIN_POLL_INTERVAL_MS: '600000',
  CHAIN_CONFIRMATIONS: '3',
  CHAIN_WITHDRAW_MIN: '10',
  CHAIN_WITHDRAW_MAX: '1000',
  CHAIN_WITHDRAW_FEE: '1',
};

export interface TestChain {
  dev: DevChain;
  runtime: ChainRuntime;
  /** Sends test USDT from the faucet key; answers the transaction hash once mined. */
  send(to: Address, value: bigint): Promise<Hash>;
  sendMany(to: Address[], values: bigint[]): Promise<Hash>;
  mine(blocks?: number): Promise<void>;
  head(): Promise<bigint>;
}

const DEV_CHAIN = { id: 1337, name: 'dev', nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 } };

export async function startTestChain(): Promise<TestChain> {
  const dev = await startDevChain({ mnemonic: DEV_MNEMONIC });
  const transport = http(dev.rpcUrl);
  const client = createPublicClient({ transport });
  const wallet = createWalletClient({ account: privateKeyToAccount(dev.faucetKey), transport });
  const chain = { ...DEV_CHAIN, rpcUrls: { default: { http: [dev.rpcUrl] } } };
  let timestamp = Math.floor(Date.now() / 1000);
  async function mined(hash: Hash): Promise<Hash> {
    await client.waitForTransactionReceipt({ hash, pollingInterval: 10 });
    return hash;
  }
  return {
    dev,
    runtime: {
      rpcUrl: dev.rpcUrl,
      tokenAddress: dev.tokenAddress,
      networkName: 'Payhub dev chain (ERC-20)',
      faucetKey: dev.faucetKey,
    },
    send: async (to, value) =>
      mined(
        await wallet.writeContract({
          chain,
          address: dev.tokenAddress,
          abi: ERC20_ABI,
          functionName: 'transfer',
          args: [to, value],
        }),
      ),
    sendMany: async (to, values) =>
      mined(
        await wallet.writeContract({
          chain,
          address: dev.tokenAddress,
          abi: ERC20_ABI,
          functionName: 'transferMany',
          args: [to, values],
        }),
      ),
    async mine(blocks = 1) {
      // Each block its own later timestamp, so a block mined after a revert differs from the lost one.
      for (let index = 0; index < blocks; index += 1) {
        timestamp += 13;
        await dev.request('evm_mine', [timestamp]);
      }
    },
    head: () => client.getBlockNumber({ cacheTime: 0 }),
  };
}

/** A player's USDT balance and held amount, read from the ledger (minor units). */
export async function usdtOf(testApp: TestApp, playerId: number): Promise<{ balance: bigint; held: bigint }> {
  const result = await testApp.database.pool.query<{ balance: string; pending_debits: string }>(
    'SELECT balance, pending_debits FROM ledger_accounts WHERE address = $1',
    [`player:${playerId}:USDT`],
  );
  const row = result.rows[0];
  return row ? { balance: BigInt(row.balance), held: BigInt(row.pending_debits) } : { balance: 0n, held: 0n };
}

export async function addressOf(player: PayhubClient): Promise<Address> {
  return (await player.api.chain.depositAddress()).address as Address;
}

/** 1 USDT in minor units. */
export const USDT = 1_000_000n;

/** Adds an address to a seeded player's address book with the SMS code the dev sink holds (project 12). */
export async function addAddress(testApp: TestApp, player: PayhubClient, label: string, address: string) {
  await player.api.chain.addressCode();
  const phone = testApp.accounts.find(
    (account) => account.label === label && account.projectId === 12,
  )!.phone;
  const { code } = await testApp
    .client()
    .api.user.devLatestCode({ query: { phone, purpose: 'crypto_address' } });
  return player.api.chain.addAddress({ body: { address, label: 'mine', code } });
}
