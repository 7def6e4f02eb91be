import type { ChainConfig } from '../../config.ts';
import type { ChainRuntime } from './chain.plugin.ts';
import { startDevChain } from './dev-chain.ts';

/**
 * The chain the server talks to (DESIGN.md §4): CHAIN_RPC_URL and CHAIN_TOKEN_ADDRESS when set;
 * otherwise, outside production, the embedded dev chain with the test USDT deployed on it.
 */
export async function startChainRuntime(
  chain: ChainConfig,
  log: (line: string) => void,
): Promise<{ runtime: ChainRuntime; stop(): Promise<void> }> {
  if (chain.rpcUrl) {
    if (!chain.tokenAddress)
      throw new Error('invalid configuration: CHAIN_TOKEN_ADDRESS must be set with CHAIN_RPC_URL');
    log(`EVM chain at ${new URL(chain.rpcUrl).host}, token ${chain.tokenAddress}`);
    return {
      runtime: { rpcUrl: chain.rpcUrl, tokenAddress: chain.tokenAddress, networkName: chain.networkName },
      stop: async () => {},
    };
  }
  if (!chain.devMnemonic) throw new Error('invalid configuration: CHAIN_RPC_URL must be set in production');
  // A block a second: a deposit made on the dev chain gathers its confirmations within seconds.
  const dev = await startDevChain({
    mnemonic: chain.devMnemonic,
    dataDir: chain.devDataDir,
    blockTimeSeconds: 1,
  });
  log(
    `dev EVM chain on ${dev.rpcUrl} (chain id ${dev.chainId}, blocks in ${chain.devDataDir}), test USDT ${dev.tokenAddress}`,
  );
  return {
    runtime: {
      rpcUrl: dev.rpcUrl,
      tokenAddress: dev.tokenAddress,
      networkName: 'Payhub dev chain (ERC-20)',
      faucetKey: dev.faucetKey,
    },
    stop: () => dev.close(),
  };
}
