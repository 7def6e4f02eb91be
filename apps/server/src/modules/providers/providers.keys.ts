import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Request signatures of the seamless wallet: RSA-SHA256 of the raw request body, base64, in the
 * `X-Payhub-Signature` header (the same scheme as Hub88's `X-Hub88-Signature`). We verify with the
 * provider's public key; the provider signs with its private key.
 */
export const SIGNATURE_HEADER = 'x-payhub-signature';

export function signBody(privateKey: KeyObject | string, body: string): string {
  const key = typeof privateKey === 'string' ? createPrivateKey(privateKey) : privateKey;
  return sign('sha256', Buffer.from(body), key).toString('base64');
}

export function verifyBody(publicKey: KeyObject, body: string, signature: string | undefined): boolean {
  if (!signature || signature.length > 2048 || !/^[A-Za-z0-9+/=]+$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(body), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/**
 * The development key pair of a provider, in `<dataDir>/providers/<id>/` (created on first use):
 * the server reads the public half, the demo provider (started beside it) signs with the private
 * half. Production configures each provider's public key instead (config.providerKeys).
 */
export function devKeyPair(dataDir: string, providerId: string): { publicPem: string; privatePem: string } {
  const dir = join(dataDir, 'providers', providerId);
  const publicPath = join(dir, 'public.pem');
  const privatePath = join(dir, 'private.pem');
  if (!existsSync(publicPath) || !existsSync(privatePath)) {
    mkdirSync(dir, { recursive: true });
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(privatePath, pair.privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    writeFileSync(publicPath, pair.publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return { publicPem: readFileSync(publicPath, 'utf8'), privatePem: readFileSync(privatePath, 'utf8') };
}

export function publicKeyOf(pem: string): KeyObject {
  return createPublicKey(pem);
}
