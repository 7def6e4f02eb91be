import type { Contracts, Endpoint } from '@payhub/contracts';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

const VIRTUAL_ID = 'virtual:payhub-endpoints';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * What the browser needs of an endpoint to call it, as one compact line: "METHOD path access" plus
 * " multipart" for uploads. No schemas, so zod stays out of the player bundle.
 */
export function endpointRoutes(contracts: Contracts): Record<string, Record<string, string>> {
  const routes: Record<string, Record<string, string>> = {};
  for (const [group, endpoints] of Object.entries(contracts)) {
    const lines: Record<string, string> = {};
    for (const [name, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
      const multipart = endpoint.bodyKind === 'multipart' ? ' multipart' : '';
      lines[name] = `${endpoint.method} ${endpoint.path} ${endpoint.access}${multipart}`;
    }
    routes[group] = lines;
  }
  return routes;
}

/** `virtual:payhub-endpoints`: method, path and access of every contract endpoint, read at build time. */
export function endpointManifest(): Plugin {
  return {
    name: 'payhub-player-endpoint-manifest',
    resolveId: (id) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      // The config runs in plain Node, which cannot load the contracts' TypeScript sources itself.
      const { contracts } = (await tsImport('@payhub/contracts', import.meta.url)) as {
        contracts: Contracts;
      };
      return `export default ${JSON.stringify(endpointRoutes(contracts))};`;
    },
  };
}
