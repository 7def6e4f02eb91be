import type { Endpoint } from './endpoint.ts';
import { payhub } from './payhub.ts';
import { promo } from './promo.ts';
import { shell } from './shell.ts';
import { site } from './site.ts';
import { user } from './user.ts';

export * from './endpoint.ts';
export * from './enums.ts';
export * from './errors.ts';
export * from './locale.ts';
export * from './money.ts';
export * from './payhub.ts';
export * from './phone.ts';
export * from './promo.ts';
export * from './shell.ts';
export * from './site.ts';
export * from './user.ts';
export * from './validation.ts';

/** Every endpoint, grouped by capability. The client, the server and /docs are derived from this. */
export const contracts = { user, site, shell, promo, payhub } as const;
export type Contracts = typeof contracts;

export function listEndpoints(): Array<{ group: string; name: string; endpoint: Endpoint }> {
  return Object.entries(contracts).flatMap(([group, endpoints]) =>
    Object.entries(endpoints as Record<string, Endpoint>).map(([name, endpoint]) => ({
      group,
      name,
      endpoint,
    })),
  );
}
