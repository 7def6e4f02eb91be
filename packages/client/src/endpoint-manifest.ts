import type { Contracts, Endpoint } from '@payhub/contracts';
import { tsImport } from 'tsx/esm/api';
import { endpointLine } from './endpoint-line.ts';

/** Endpoint lines by contract group and endpoint name: `{ user: { login: "POST /main/user/login public" } }`. */
export type EndpointRoutes = Record<string, Record<string, string>>;

/** Which endpoints a virtual module holds, by contract group and endpoint name. */
export type EndpointFilter = (group: string, name: string) => boolean;

/** The lines of the contracts' endpoints that pass `include`; groups left empty are omitted. */
export function endpointRoutes(contracts: Contracts, include: EndpointFilter = () => true): EndpointRoutes {
  const routes: EndpointRoutes = {};
  for (const [group, endpoints] of Object.entries(contracts)) {
    const lines: Record<string, string> = {};
    for (const [name, endpoint] of Object.entries(endpoints as Record<string, Endpoint>)) {
      if (include(group, name)) lines[name] = endpointLine(endpoint);
    }
    if (Object.keys(lines).length > 0) routes[group] = lines;
  }
  return routes;
}

/** The part of a Vite plugin the manifest uses (kept structural: this package does not depend on Vite). */
export interface EndpointManifestPlugin {
  name: string;
  resolveId(id: string): string | undefined;
  load(id: string): Promise<string | undefined>;
}

/**
 * A Vite plugin serving virtual modules of endpoint lines, extracted from the contracts at build time:
 * each id of `modules` (e.g. `virtual:payhub-endpoints/shell`) exports the routes its filter keeps.
 * The app's API client is generated from them; the contracts' zod schemas are not shipped.
 */
export function endpointManifest(
  name: string,
  modules: Record<string, EndpointFilter>,
): EndpointManifestPlugin {
  return {
    name,
    resolveId: (id) => (id in modules ? `\0${id}` : undefined),
    async load(id) {
      const include = id.startsWith('\0') ? modules[id.slice(1)] : undefined;
      if (!include) return undefined;
      // The Vite config runs in plain Node, which cannot load the contracts' TypeScript sources itself.
      const { contracts } = (await tsImport('@payhub/contracts', import.meta.url)) as {
        contracts: Contracts;
      };
      return `export default ${JSON.stringify(endpointRoutes(contracts, include))};`;
    },
  };
}
