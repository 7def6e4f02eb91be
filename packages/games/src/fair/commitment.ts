/**
 * The commitment to a server seed: SHA-256 of the seed as UTF-8 text, lowercase hex — what Stake
 * shows as the "hashed server seed" before the player chooses a client seed.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

export function commitServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** True when a revealed seed matches the hash shown before play (case-insensitive hex). */
export function matchesCommitment(serverSeed: string, serverSeedHash: string): boolean {
  return commitServerSeed(serverSeed) === serverSeedHash.toLowerCase();
}
