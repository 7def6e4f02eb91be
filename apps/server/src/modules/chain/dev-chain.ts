import { mkdirSync } from 'node:fs';
import ganache from 'ganache';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeDeployData,
  getContractAddress,
  http,
  parseAbi,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ERC20_ABI } from './chain.abi.ts';
import { DEV_FAUCET_INDEX, DEV_SIGNER_INDEX, devPrivateKey } from './chain.keys.ts';
import artifact from './test-usdt/test-usdt.artifact.json' with { type: 'json' };

/** 1,000,000,000 test USDT (6 decimals): the deployer (the dev hot signer) keeps half, the faucet gets half. */
const SUPPLY = 1_000_000_000n * 1_000_000n;
const DEV_CHAIN_ID = 1337;

export interface DevChain {
  rpcUrl: string;
  chainId: number;
  tokenAddress: Address;
  /** The faucet's key (dev "send test USDT" and tests' outside sender). */
  faucetKey: `0x${string}`;
  /** Raw JSON-RPC (evm_mine, evm_snapshot, evm_revert) for tests. */
  request(method: string, params?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * The embedded default chain (DESIGN.md §4): a ganache EVM in this process, on a loopback port, whose
 * accounts are the dev mnemonic's. The test USDT (TestUsdt.sol, bytecode shipped in
 * test-usdt.artifact.json) is deployed on first start at the deployer's first-nonce address, so its
 * address is the same on every start. `dataDir` keeps the blocks across restarts; none keeps them in memory.
 */
export async function startDevChain(options: {
  mnemonic: string;
  dataDir?: string;
  /**
   * Mine a block every this many seconds (npm start: confirmations accrue on an idle chain); unset:
   * each transaction mines its own block at once and nothing else does (tests mine with evm_mine).
   */
  blockTimeSeconds?: number;
}): Promise<DevChain> {
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const server = ganache.server({
    logging: { quiet: true },
    wallet: { mnemonic: options.mnemonic, totalAccounts: 3, defaultBalance: 1_000_000 },
    chain: { chainId: DEV_CHAIN_ID, vmErrorsOnRPCResponse: false },
    miner: options.blockTimeSeconds ? { blockTime: options.blockTimeSeconds } : { instamine: 'eager' },
    ...(options.dataDir ? { database: { dbPath: options.dataDir } } : {}),
    // ganache's option types resolve to `undefined` under this TypeScript setup; the shape is its documented one.
  } as never);
  await server.listen(0, '127.0.0.1');
  const address = server.address();
  const rpcUrl = `http://127.0.0.1:${address.port}`;
  const provider = server.provider;
  const request = (method: string, params: unknown[] = []) =>
    provider.request({ method, params } as never) as Promise<unknown>;

  const deployer = privateKeyToAccount(devPrivateKey(options.mnemonic, DEV_SIGNER_INDEX));
  const faucetKey = devPrivateKey(options.mnemonic, DEV_FAUCET_INDEX);
  const faucet = privateKeyToAccount(faucetKey);
  const tokenAddress = getContractAddress({ from: deployer.address, nonce: 0n });
  const publicClient = createPublicClient({ transport: http(rpcUrl) });
  const code = await publicClient.getCode({ address: tokenAddress });
  if (!code || code === '0x') {
    const wallet = createWalletClient({ account: deployer, transport: http(rpcUrl) });
    const chain = {
      id: DEV_CHAIN_ID,
      name: 'dev',
      nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    };
    const deploy = await wallet.sendTransaction({
      chain,
      data: encodeDeployData({
        abi: parseAbi(['constructor(uint256 supply)']),
        bytecode: artifact.bytecode as `0x${string}`,
        args: [SUPPLY],
      }),
      nonce: 0,
    });
    await publicClient.waitForTransactionReceipt({ hash: deploy, pollingInterval: 20 });
    const fund = await wallet.writeContract({
      chain,
      address: tokenAddress,
      abi: ERC20_ABI,
      functionName: 'transfer',
      args: [faucet.address, SUPPLY / 2n],
    });
    await publicClient.waitForTransactionReceipt({ hash: fund, pollingInterval: 20 });
  }
  return {
    rpcUrl,
    chainId: DEV_CHAIN_ID,
    tokenAddress,
    faucetKey,
    request,
    close: () => server.close(),
  };
}
