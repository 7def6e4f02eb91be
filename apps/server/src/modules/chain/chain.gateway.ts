import {
  type Address,
  BlockNotFoundError,
  createPublicClient,
  encodeFunctionData,
  type Hash,
  type Hex,
  http,
  keccak256,
  type PublicClient,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ERC20_ABI } from './chain.abi.ts';

/** A token transfer seen in a block's logs. */
export interface TokenTransferLog {
  txHash: Hash;
  logIndex: number;
  /** Its ordinal among the token's Transfer logs of its transaction (a reorg does not change it). */
  transferIndex: number;
  blockNumber: bigint;
  blockHash: Hash;
  to: Address;
  value: bigint;
}

export interface TransferReceipt {
  status: 'success' | 'reverted';
  blockNumber: bigint;
  blockHash: Hash;
  /** The token transfers of this transaction in log order (a transfer's place is its transfer index). */
  transfers: Array<{ logIndex: number; to: Address; value: bigint }>;
}

/** A signed transaction kept before it is broadcast (so a restart rebroadcasts the same nonce). */
export interface SignedTransfer {
  txHash: Hash;
  nonce: bigint;
  rawTx: Hex;
}

/**
 * What the chain capability needs from an EVM node, over JSON-RPC with viem. Every call is bounded
 * by the transport's timeout; the watcher calls it outside database transactions.
 */
export interface ChainGateway {
  chainId(): Promise<number>;
  head(): Promise<bigint>;
  /** The hash of the canonical block at a height; null when the node has no block there (throws otherwise). */
  blockHash(number: bigint): Promise<Hash | null>;
  transferLogs(fromBlock: bigint, toBlock: bigint): Promise<TokenTransferLog[]>;
  /**
   * The transaction's receipt; null only when the node answers that it has none. Any other failure
   * (a timeout, "indexing in progress", a node restarting) throws: an absence read from an error
   * would refund a withdrawal that was paid, or drop a deposit that was made.
   */
  receipt(txHash: Hash): Promise<TransferReceipt | null>;
  /** Whether the node still knows the transaction (mined or in its pool); throws as `receipt` does. */
  knowsTransaction(txHash: Hash): Promise<boolean>;
  /** Nonce of the signer counting transactions mined up to `block` (the latest when absent). */
  signerMinedNonce(block?: bigint): Promise<bigint>;
  signerPendingNonce(): Promise<bigint>;
  signerAddress(): Address;
  signTransfer(to: Address, value: bigint, nonce: bigint): Promise<SignedTransfer>;
  broadcast(rawTx: Hex): Promise<void>;
}

/** Gas for one ERC-20 transfer with room to spare; fixed so a transfer that reverts is still mined. */
const TRANSFER_GAS = 120_000n;
const RPC_TIMEOUT_MS = 10_000;

export function createChainGateway(options: {
  rpcUrl: string;
  tokenAddress: Address;
  signerKey: `0x${string}` | undefined;
}): ChainGateway {
  const client: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, { timeout: RPC_TIMEOUT_MS, retryCount: 1 }),
  });
  const signer = options.signerKey ? privateKeyToAccount(options.signerKey) : undefined;
  let chainIdCache: number | undefined;
  function requireSigner() {
    if (!signer) throw new Error('no withdrawal signer configured (CHAIN_SIGNER_KEY)');
    return signer;
  }
  return {
    async chainId() {
      chainIdCache ??= await client.getChainId();
      return chainIdCache;
    },
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    async blockHash(number) {
      try {
        const block = await client.getBlock({ blockNumber: number });
        return block.hash;
      } catch (error) {
        if (error instanceof BlockNotFoundError) return null;
        throw error;
      }
    },
    async transferLogs(fromBlock, toBlock) {
      const logs = await client.getContractEvents({
        address: options.tokenAddress,
        abi: ERC20_ABI,
        eventName: 'Transfer',
        fromBlock,
        toBlock,
        strict: true,
      });
      // In block and log order; a transaction's logs are together, so each one's ordinal among the
      // token's Transfer logs of its transaction is a count (the receipt's `transfers` are the same list).
      const ordered = logs
        .flatMap((log) =>
          log.transactionHash && log.blockHash && log.blockNumber !== null && log.logIndex !== null
            ? [
                {
                  txHash: log.transactionHash,
                  logIndex: log.logIndex,
                  blockNumber: log.blockNumber,
                  blockHash: log.blockHash,
                  to: log.args.to,
                  value: log.args.value,
                },
              ]
            : [],
        )
        .sort((a, b) =>
          a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
        );
      const seen = new Map<string, number>();
      return ordered.map((log) => {
        const key = `${log.blockHash}:${log.txHash}`;
        const transferIndex = seen.get(key) ?? 0;
        seen.set(key, transferIndex + 1);
        return { ...log, transferIndex };
      });
    },
    async receipt(txHash) {
      let receipt: Awaited<ReturnType<typeof client.getTransactionReceipt>>;
      try {
        receipt = await client.getTransactionReceipt({ hash: txHash });
      } catch (error) {
        if (error instanceof TransactionReceiptNotFoundError) return null;
        throw error;
      }
      const transferTopic = keccak256(new TextEncoder().encode('Transfer(address,address,uint256)'));
      const transfers = receipt.logs
        .filter(
          (log) =>
            log.address.toLowerCase() === options.tokenAddress.toLowerCase() &&
            log.topics[0] === transferTopic &&
            log.topics.length === 3,
        )
        .map((log) => ({
          logIndex: log.logIndex,
          to: `0x${(log.topics[2] ?? '').slice(26)}` as Address,
          value: BigInt(log.data),
        }));
      return {
        status: receipt.status,
        blockNumber: receipt.blockNumber,
        blockHash: receipt.blockHash,
        transfers,
      };
    },
    async knowsTransaction(txHash) {
      try {
        await client.getTransaction({ hash: txHash });
        return true;
      } catch (error) {
        if (error instanceof TransactionNotFoundError) return false;
        throw error;
      }
    },
    signerMinedNonce: async (block) =>
      BigInt(
        await client.getTransactionCount(
          block === undefined
            ? { address: requireSigner().address, blockTag: 'latest' }
            : { address: requireSigner().address, blockNumber: block },
        ),
      ),
    signerPendingNonce: async () =>
      BigInt(await client.getTransactionCount({ address: requireSigner().address, blockTag: 'pending' })),
    signerAddress: () => requireSigner().address,
    async signTransfer(to, value, nonce) {
      const account = requireSigner();
      const fees = await client.estimateFeesPerGas();
      const rawTx = await account.signTransaction({
        chainId: await this.chainId(),
        type: 'eip1559',
        to: options.tokenAddress,
        data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [to, value] }),
        nonce: Number(nonce),
        gas: TRANSFER_GAS,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      return { txHash: keccak256(rawTx), nonce, rawTx };
    },
    async broadcast(rawTx) {
      try {
        await client.sendRawTransaction({ serializedTransaction: rawTx });
      } catch (error) {
        // A rebroadcast of a transaction the node already has (or has mined) is not a failure.
        const message = String((error as Error).message ?? '').toLowerCase();
        if (message.includes('already') || message.includes('known') || message.includes('nonce too low'))
          return;
        throw error;
      }
    },
  };
}
