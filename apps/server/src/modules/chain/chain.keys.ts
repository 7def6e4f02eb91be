import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { type Address, bytesToHex, getAddress } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/**
 * Keys of the chain capability (BIP-32/44, Ethereum coin type 60). Deposit addresses are derived from
 * a project's account-level extended public key (m/44'/60'/n'), so the watching server holds no
 * private key for them: player p of the project gets m/44'/60'/n'/0/p. The dev mnemonic gives the dev
 * chain's funded keys (hot signer m/44'/60'/0'/0/0, faucet …/0/1) and the dev xpubs (n = 1000 + project).
 */

const ETHEREUM_PATH = "m/44'/60'";
/** Project accounts sit above 1000 so they never meet the dev chain's funded keys (account 0). */
const DEV_PROJECT_ACCOUNT_BASE = 1000;
/** BIP-32 non-hardened child indexes end below 2^31. */
const CHILD_INDEX_LIMIT = 2 ** 31;

export function devProjectXpub(mnemonic: string, projectId: number): string {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  return root.derive(`${ETHEREUM_PATH}/${DEV_PROJECT_ACCOUNT_BASE + projectId}'`).publicExtendedKey;
}

/** The deposit address of a player: external chain (0), index = the player's id. */
export function depositAddress(xpub: string, playerId: number): Address {
  if (!Number.isInteger(playerId) || playerId < 0 || playerId >= CHILD_INDEX_LIMIT)
    throw new Error(`player id ${playerId} is not a BIP-32 child index`);
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(playerId);
  return getAddress(publicKeyToAddress(bytesToHex(uncompressed(child))));
}

/** Branch of the operators' quota top-up addresses (players use branch 0). */
const TOPUP_BRANCH = 2;

/** The address of an operator's USDT quota top-up: branch 2, index = the top-up's id. */
export function topupAddress(xpub: string, topupId: number): Address {
  if (!Number.isInteger(topupId) || topupId < 0 || topupId >= CHILD_INDEX_LIMIT)
    throw new Error(`top-up id ${topupId} is not a BIP-32 child index`);
  const child = HDKey.fromExtendedKey(xpub).deriveChild(TOPUP_BRANCH).deriveChild(topupId);
  return getAddress(publicKeyToAddress(bytesToHex(uncompressed(child))));
}

/** BIP-32 keeps public keys compressed; an Ethereum address hashes the uncompressed point. */
function uncompressed(key: HDKey): Uint8Array {
  if (!key.publicKey) throw new Error('derived key has no public key');
  return secp256k1.Point.fromBytes(key.publicKey).toBytes(false);
}

/** A private key of the dev mnemonic at m/44'/60'/0'/0/index (dev chain accounts). */
export function devPrivateKey(mnemonic: string, index: number): `0x${string}` {
  const key = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(`${ETHEREUM_PATH}/0'/0/${index}`);
  if (!key.privateKey) throw new Error('derived key has no private key');
  return bytesToHex(key.privateKey);
}

/** Signer (hot wallet) and faucet indexes of the dev mnemonic. */
export const DEV_SIGNER_INDEX = 0;
export const DEV_FAUCET_INDEX = 1;
