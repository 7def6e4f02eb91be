import type { Contracts, Endpoint } from '@payhub/contracts';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const SHELL_ID = 'virtual:payhub-endpoints/shell';
const FEATURES_ID = 'virtual:payhub-endpoints/features';

/**
 * The endpoints the shell calls before any feature page is open (sign-in, session, site settings,
 * version, pem banner). They are in the first paint; every other endpoint loads with the first
 * feature page, or on its first call (apps/agent/src/app/api.ts).
 */
const SHELL_ENDPOINTS = [
  'user.me',
  'user.login',
  'user.register',
  'user.sendCode',
  'user.resetPassword',
  'user.logout',
  'site.listConfig',
  'shell.version',
  'promo.spaInfo',
  'promo.spaLogin',
  'promo.spaReportCheck',
  'payhub.role',
];

function isShellEndpoint(group: string, name: string): boolean {
  return SHELL_ENDPOINTS.includes(`${group}.*`) || SHELL_ENDPOINTS.includes(`${group}.${name}`);
}

/**
 * What the browser needs of an endpoint to call it, as one compact line: "METHOD path access" plus
 * " multipart" for uploads. No schemas, so zod stays out of the bundle.
 */
export function endpointRoutes(
  contracts: Contracts,
  part: 'shell' | 'features',
): Record<string, Record<string, string>> {
  const routes: Record<string, Record<string, string>> = {};
  for (const [group, endpoints] of Object.entries(contracts)) {
    const lines: Record<string, string> = {};
    for (const [name, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
      if (isShellEndpoint(group, name) !== (part === 'shell')) continue;
      const multipart = endpoint.bodyKind === 'multipart' ? ' multipart' : '';
      lines[name] = `${endpoint.method} ${endpoint.path} ${endpoint.access}${multipart}`;
    }
    if (Object.keys(lines).length > 0) routes[group] = lines;
  }
  return routes;
}

/**
 * `virtual:payhub-endpoints/shell` and `virtual:payhub-endpoints/features`: method, path and access
 * of every contract endpoint, extracted at build time. The app's API client is generated from them;
 * the contracts' zod schemas are not shipped.
 */
export function endpointManifest(): Plugin {
  return {
    name: 'payhub-endpoint-manifest',
    resolveId: (id) => (id === SHELL_ID || id === FEATURES_ID ? `\0${id}` : undefined),
    async load(id) {
      const part = id === `\0${SHELL_ID}` ? 'shell' : id === `\0${FEATURES_ID}` ? 'features' : null;
      if (!part) return undefined;
      // The config runs in plain Node, which cannot load the contracts' TypeScript sources itself.
      const { contracts } = (await tsImport('@payhub/contracts', import.meta.url)) as {
        contracts: Contracts;
      };
      return `export default ${JSON.stringify(endpointRoutes(contracts, part))};`;
    },
  };
}
