import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Secrets at rest (TOTP secrets): AES-256-GCM with a 32-byte key from config. A sealed value is
 * `v1.<iv>.<tag>.<ciphertext>` (base64url); the tag makes any change of the stored value fail.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret-box key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** A key from config (64 hex digits). */
export function keyFromHex(hex: string): Buffer {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('the key must be 64 hex digits (32 bytes)');
  return Buffer.from(hex, 'hex');
}

/**
 * Outside production, without a configured key: one generated once into the data directory (owner
 * read/write only), so restarts of a dev server can still open what it sealed.
 */
export function devKey(dataDir: string, name: string): Buffer {
  const file = join(dataDir, 'keys', `${name}.key`);
  if (existsSync(file)) return keyFromHex(readFileSync(file, 'utf8').trim());
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const hex = randomBytes(32).toString('hex');
  writeFileSync(file, `${hex}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return keyFromHex(hex);
}
