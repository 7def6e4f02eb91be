// Proves, for every endpoint of the promo, datacenter and inbox contracts, that a secure call without a token answers 1, that a malformed path id answers 3, and that the mission statistic and history refuse outsiders and bad paging.
import { contracts, type Endpoint } from '@payhub/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errCodeOf } from '../../../test/promo-support.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp();
});
afterAll(async () => testApp?.close());

const endpoints = (['promo', 'datacenter', 'inbox'] as const).flatMap((group) =>
  Object.entries(contracts[group] as Record<string, Endpoint>).map(([name, endpoint]) => ({
    name: `${group}.${name}`,
    endpoint,
  })),
);

async function call(endpoint: Endpoint, pathValue: string, token?: string) {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, pathValue);
  const response = await fetch(`${testApp.baseUrl}${path}`, {
    method: endpoint.method,
    headers: {
      projectId: '12',
      ...(token ? { main_token: token } : {}),
      ...(endpoint.method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(endpoint.method === 'GET' ? {} : { body: '{}' }),
  });
  return (await response.json()) as { errCode?: number };
}

describe('every endpoint', () => {
  it('answers 1 to a secure call without a token', async () => {
    const secure = endpoints.filter((entry) => entry.endpoint.access === 'secure');
    expect(secure.length).toBe(endpoints.length - 1); // spaStatus (GET) is the one public call
    for (const { name, endpoint } of secure) {
      expect({ name, errCode: (await call(endpoint, '1')).errCode }).toEqual({ name, errCode: 1 });
    }
  });

  it('answers 3 to a malformed path id', async () => {
    const { token } = await testApp.client().api.user.login({
      body: {
        phone: testApp.accounts.find((a) => a.label === 'leader' && a.projectId === 12)!.phone,
        password: testApp.accounts.find((a) => a.label === 'leader' && a.projectId === 12)!.password,
      },
    });
    const withParams = endpoints.filter((entry) => entry.endpoint.path.includes(':'));
    expect(withParams.length).toBeGreaterThanOrEqual(10);
    for (const { name, endpoint } of withParams) {
      expect({ name, errCode: (await call(endpoint, 'abc', token)).errCode }).toEqual({ name, errCode: 3 });
    }
  });

  it('refuses the mission statistic outside a group (404) and bad paging of the history (3)', async () => {
    const outsider = await testApp.signIn('no-spa');
    expect(await errCodeOf(outsider.api.promo.spaGroupMissionStatistic())).toBe(404);
    expect(await errCodeOf(outsider.api.promo.notificationHistory({ query: { page: 0 } }))).toBe(3);
    expect(await errCodeOf(outsider.api.promo.spaApplyList({ query: { count: 501 } }))).toBe(3);
    const promoter = await testApp.signIn('promoter');
    const mission = await promoter.api.promo.spaGroupMissionStatistic();
    expect(mission.memberCount).toBe(2);
    expect(mission.openTaskCount).toBe(0);
  });
});
