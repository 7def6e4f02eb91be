// Shared by the promo, data center and inbox integration tests: failures, user ids, a second
// group in project 12 (the "rival"), and registrations with a share code.
import type { PayhubClient } from '@payhub/client';
import type { TestApp } from './test-app.ts';

// Failures as values live in api-errors.ts; re-exported for this file's importers.
export { errCodeOf, failure } from './api-errors.ts';

export async function userIdOf(testApp: TestApp, label: string, projectId = 12): Promise<number> {
  const account = testApp.accounts.find((entry) => entry.label === label && entry.projectId === projectId);
  if (!account) throw new Error(`no account ${label}`);
  const { rows } = await testApp.database.pool.query(
    'SELECT id FROM users WHERE project_id = $1 AND phone = $2',
    [projectId, account.phone],
  );
  return Number(rows[0].id);
}

export async function groupIdOf(testApp: TestApp, leaderLabel: string, projectId = 12): Promise<number> {
  const leaderId = await userIdOf(testApp, leaderLabel, projectId);
  const { rows } = await testApp.database.pool.query('SELECT id FROM spa_groups WHERE leader_id = $1', [
    leaderId,
  ]);
  return Number(rows[0].id);
}

/** Makes the project's `operator` account the leader of a second group (the rival group). */
export async function createRivalGroup(testApp: TestApp, projectId = 12): Promise<number> {
  const rivalId = await userIdOf(testApp, 'operator', projectId);
  await testApp.database.pool.query(
    "UPDATE spa_profiles SET leader_level = 1, spa_type = 'New', spa_pay = false WHERE user_id = $1",
    [rivalId],
  );
  const { rows } = await testApp.database.pool.query(
    "INSERT INTO spa_groups (project_id, name, leader_id) VALUES ($1, 'Rival', $2) RETURNING id",
    [projectId, rivalId],
  );
  return Number(rows[0].id);
}

/** Registers a player through the API (SMS code from the dev outbox), optionally with a share code. */
export async function registerPlayer(
  testApp: TestApp,
  phone: string,
  projectId: number,
  shareCode?: string,
  inviteCode?: string,
): Promise<{ client: PayhubClient; userId: number }> {
  const client = testApp.client(projectId);
  await client.api.user.sendCode({ query: { phone, purpose: 'register' } });
  const { code } = await client.api.user.devLatestCode({ query: { phone, purpose: 'register' } });
  const session = await client.api.user.register({
    body: {
      phone,
      password: 'player123',
      code,
      ...(shareCode ? { shareCode } : {}),
      ...(inviteCode ? { inviteCode } : {}),
    },
  });
  client.setToken(session.token);
  return { client, userId: session.user.id };
}
