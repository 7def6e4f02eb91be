// Proves docs/api.md is what the contracts generate today (fails when a contract changes without
// `npm run docs:api`) and that it lists every endpoint, every error code and the base-path decisions.
import { readFileSync } from 'node:fs';
import { ErrorCode, listEndpoints } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { API_DOCS_PATH, renderApiDocs } from './generate-api-docs.ts';

describe('docs/api.md', () => {
  const committed = readFileSync(API_DOCS_PATH, 'utf8');

  it('is up to date with the contracts (run `npm run docs:api` after changing one)', () => {
    expect(committed).toBe(renderApiDocs());
  });

  it('has one row per declared endpoint, with method, path and access', () => {
    for (const { group, name, endpoint } of listEndpoints()) {
      const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const row = committed.split('\n').find((line) => line.includes(`\`api.${group}.${name}\``));
      expect(row, `${group}.${name}`).toBeDefined();
      expect(row).toContain(`| ${endpoint.method} | \`${path}\` | ${endpoint.access}`);
    }
  });

  it('lists every error code of the catalogue with its HTTP status', () => {
    for (const [name, code] of Object.entries(ErrorCode)) {
      expect(committed).toMatch(new RegExp(`\\| ${code} \\| ${name} \\| \\d{3} \\|`));
    }
    expect(committed).toContain('| 3 | BadParameter | 400 |');
    expect(committed).toContain('| 707 | TokenInvalid | 401 |');
  });

  it('records the base-path and public password-reset decisions', () => {
    expect(committed).toContain('`/main/payhub`');
    expect(committed).toMatch(/`POST \/main\/user\/phone\/password` is public/);
    expect(committed).toMatch(/\| POST \| `\/main\/user\/phone\/password` \| public \|/);
  });
});
