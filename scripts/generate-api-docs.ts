// `npm run docs:api`: writes docs/api.md from the contracts — every endpoint grouped by capability,
// the base-path decisions and the error catalogue. `--check` only compares and exits 1 when the
// file is stale. scripts/generate-api-docs.test.ts fails when someone changes a contract without
// regenerating.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Endpoint, ErrorCode, httpStatusOf, listEndpoints } from '@payhub/contracts';
import { errorMessage } from '@payhub/i18n';

export const API_DOCS_PATH = join(dirname(fileURLToPath(import.meta.url)), '../docs/api.md');

/** Secure endpoints may also answer these (no or expired session; token not recognised). */
const SECURE_CODES = [ErrorCode.LoginExpired, ErrorCode.TokenInvalid];

const codeName = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function errorCodesOf(endpoint: Endpoint): number[] {
  const codes = [...(endpoint.access === 'secure' ? SECURE_CODES : []), ...(endpoint.errors ?? [])];
  return [...new Set(codes)];
}

/** The first two segments of a path ("/main/payhub/role" -> "/main/payhub"). */
function basePathOf(path: string): string {
  return path.split('/').slice(0, 3).join('/');
}

function endpointSection(): string[] {
  const groups = new Map<string, Array<{ name: string; endpoint: Endpoint }>>();
  for (const { group, name, endpoint } of listEndpoints()) {
    groups.set(group, [...(groups.get(group) ?? []), { name, endpoint }]);
  }
  const lines: string[] = ['## Endpoints by capability', ''];
  lines.push(
    'Access `secure` means the call carries the session token in the `main_token` header; `public` calls',
    'carry none. Every endpoint may answer 3 (bad parameter, naming the field), 0 (service error), 667',
    '(rate limit) and 12062 (unknown project); the last column lists the codes it may answer besides',
    'those: 1 (no or expired session) and 707 (token not recognised) for secure ones, then its own.',
    '',
  );
  for (const [group, endpoints] of groups) {
    const bases = [...new Set(endpoints.map(({ endpoint }) => basePathOf(endpoint.path)))].sort();
    lines.push(
      `### ${group}`,
      '',
      `Base path${bases.length > 1 ? 's' : ''}: ${bases.map((base) => `\`${base}\``).join(', ')}`,
      '',
    );
    lines.push('| method | path | access | function | summary | error codes |', '|---|---|---|---|---|---|');
    for (const { name, endpoint } of endpoints) {
      const access = endpoint.devOnly ? `${endpoint.access}, dev only` : endpoint.access;
      const body = endpoint.bodyKind === 'multipart' ? ' (multipart upload)' : '';
      lines.push(
        `| ${endpoint.method} | \`${openApiPath(endpoint.path)}\` | ${access} | \`api.${group}.${name}\` | ${cell(endpoint.summary)}${body} | ${errorCodesOf(endpoint).join(', ') || '-'} |`,
      );
    }
    lines.push('');
  }
  return lines;
}

function catalogueSection(): string[] {
  const lines = [
    '## Error catalogue',
    '',
    'Every failure answers `{ errCode, errMsg }` with the HTTP status below; `errMsg` is the message of',
    'the request’s `language` (id-ID shown; es-MX and en in `packages/i18n`). Codes not listed with a',
    'status of their own answer 400.',
    '',
    '| code | name | HTTP status | message (id-ID) |',
    '|---|---|---|---|',
  ];
  const codes = [...new Set(Object.values(ErrorCode) as number[])].sort((left, right) => left - right);
  for (const code of codes) {
    lines.push(
      `| ${code} | ${codeName.get(code)} | ${httpStatusOf(code)} | ${cell(errorMessage(code, 'id-ID'))} |`,
    );
  }
  lines.push('');
  return lines;
}

const DECISIONS = [
  '## Decisions',
  '',
  '- **One declaration per endpoint.** Every path and wire shape lives in `packages/contracts`; the',
  '  server binds handlers to it, `@payhub/client` derives `api.<capability>.<name>()` from it, `/docs`',
  '  (OpenAPI 3.1, JSON at `/docs/json`) and this page are generated from it.',
  '- **Base paths.** Player, site and promo calls live under `/main` and shell calls under `/api`, as the',
  '  spec gives them; the withdraw, bank and currency calls it puts "under /main" are `/main/withdraw`,',
  '  `/main/bank` and `/main/currency`. The spec leaves the base of the payment-hub calls ("Other payment',
  '  calls"), quota and contract calls open: they live under `/main/payhub` (e.g. `GET /main/payhub/role`),',
  '  consistent with the one such path the spec shows (`/main/payhub/pay/banks`), so one prefix names the',
  '  capability in routes, logs and rate limits. Each capability’s base paths are listed with its table.',
  '- **`POST /main/user/phone/password` is public.** The spec marks it secure, but resetting a',
  '  forgotten password happens before sign-in; the 6-digit SMS code sent to the phone (purpose',
  '  `reset`, 5-minute expiry, attempt- and send-limited) proves ownership instead of a session, and',
  '  a reset ends every session of the account.',
  '- **Project selection.** Header `projectId`, else cookie `projectId`, else project 12; an unknown',
  '  project answers 12062.',
  '- **Errors.** Success is HTTP 2xx with the response object itself; failure is 4xx/5xx with',
  '  `{ errCode, errMsg }` and nothing else. Invalid input of any kind (missing or mistyped fields,',
  '  malformed JSON, wrong content type, oversize bodies, headers or URL over the limit: HTTP 431)',
  '  answers 3; no input produces an unhandled 5xx.',
  '- **Development endpoints** (marked "dev only") exist only in development mode (`NODE_ENV=development`',
  '  or `test`, never in production, the default) and answer only callers on the same machine.',
  '',
];

export function renderApiDocs(): string {
  return [
    '# Payhub API',
    '',
    '<!-- Generated by `npm run docs:api` (scripts/generate-api-docs.ts) from packages/contracts. Do not edit by hand. -->',
    '',
    `${listEndpoints().length} endpoints. The machine-readable form is the OpenAPI document served at \`/docs/json\`.`,
    '',
    ...DECISIONS,
    ...endpointSection(),
    ...catalogueSection(),
  ].join('\n');
}

function readCurrent(): string {
  try {
    return readFileSync(API_DOCS_PATH, 'utf8');
  } catch {
    return '';
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rendered = renderApiDocs();
  if (process.argv.includes('--check')) {
    if (readCurrent() !== rendered) {
      console.error('docs/api.md is stale: run `npm run docs:api`');
      process.exit(1);
    }
    console.log('docs/api.md is up to date');
  } else {
    writeFileSync(API_DOCS_PATH, rendered);
    console.log(`wrote ${API_DOCS_PATH}`);
  }
}
