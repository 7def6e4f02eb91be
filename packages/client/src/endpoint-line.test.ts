// Proves the apps' endpoint manifest carries every contract endpoint faithfully: each line reads back
// into the same method, path, access and body kind, and filtered parts (the agent's shell and
// features) split the contracts without losing or repeating an endpoint.
import { contracts, listEndpoints } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { endpointFromLine, endpointLine } from './endpoint-line.ts';
import { endpointRoutes } from './endpoint-manifest.ts';

describe('endpoint lines', () => {
  it('read back into the endpoint they were written from', () => {
    for (const { group, name, endpoint } of listEndpoints()) {
      const read = endpointFromLine(endpointLine(endpoint));
      expect({ ...read }, `${group}.${name}`).toEqual({
        method: endpoint.method,
        path: endpoint.path,
        access: endpoint.access,
        ...(endpoint.bodyKind === 'multipart' ? { bodyKind: 'multipart' } : {}),
      });
    }
  });

  it('split into parts by a filter, every endpoint in exactly one part', () => {
    const inShell = (group: string) => group === 'user';
    const shell = endpointRoutes(contracts, inShell);
    const features = endpointRoutes(contracts, (group) => !inShell(group));
    const all = endpointRoutes(contracts);
    expect(Object.keys(shell)).toEqual(['user']);
    expect(features.user).toBeUndefined();
    expect({ ...shell, ...features }).toEqual(all);
    expect(Object.values(all).flatMap(Object.keys)).toHaveLength(listEndpoints().length);
  });
});
