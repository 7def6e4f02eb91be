// The three built apps as a phone fetches them: every script the first paint loads is sent
// compressed (brotli, or gzip where brotli is not accepted) and cached for good, and the page itself
// is never cached. Without the builds' .br/.gz files the server sent the player app's 400 KB entry
// as it was (Lighthouse on /play/login: performance 63 against 90 compressed).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { e2eUrl } from './support/env.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: number;
  body: string;
}

/** A GET with the given Accept-Encoding; the body as sent (not decompressed: fetch would). */
function get(path: string, acceptEncoding: string, accept = '*/*'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(
      new URL(path, e2eUrl()),
      { headers: { 'accept-encoding': acceptEncoding, accept } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            bytes: body.length,
            body: body.toString('utf8'),
          });
        });
      },
    );
    call.on('error', reject);
    call.end();
  });
}

describe.each([
  ['agent app', '/login'],
  ['player app', '/play/login'],
  ['console', '/console/'],
])('the %s as served', (_name, page) => {
  it('sends its first scripts compressed and cached for good, and its page uncached', async () => {
    const html = await get(page, 'identity', 'text/html');
    expect(html.status).toBe(200);
    expect(html.headers['cache-control']).toBe('no-cache');
    const scripts = [...html.body.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const plain = await get(script, 'identity');
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['cache-control']).toContain('immutable');
      // Files under 1 KB are not worth compressing and are sent as they are.
      if (plain.bytes < 1024) continue;
      const brotli = await get(script, 'gzip, deflate, br');
      expect(brotli.headers['content-encoding'], script).toBe('br');
      expect(brotli.bytes).toBeLessThan(plain.bytes * 0.6);
      const gzip = await get(script, 'gzip');
      expect(gzip.headers['content-encoding'], script).toBe('gzip');
      expect(gzip.bytes).toBeLessThan(plain.bytes * 0.6);
    }
  });
});
