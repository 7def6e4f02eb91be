import { createPayhubClient, type PayhubClient } from '@payhub/client';
import { type DemoLabel, demoAccount, type ProjectId } from './accounts.ts';
import { e2eUrl } from './env.ts';

/** An API client for the e2e server (the same typed client the apps use). */
export function apiClient(projectId: ProjectId = 12, language = 'id-ID'): PayhubClient {
  return createPayhubClient({ baseUrl: e2eUrl(), projectId, language });
}

/** An API client signed in as a demo account. */
export async function signedInApi(label: DemoLabel, projectId: ProjectId): Promise<PayhubClient> {
  const client = apiClient(projectId);
  const account = demoAccount(label, projectId);
  const session = await client.api.user.login({ body: { phone: account.phone, password: account.password } });
  client.setToken(session.token);
  return client;
}

/** The last SMS code the dev adapter sent to a phone (GET /main/dev/sms, absent in production). */
export async function latestSmsCode(
  phone: string,
  purpose: 'register' | 'reset' | 'verify',
  projectId: ProjectId = 12,
): Promise<string> {
  const { code } = await apiClient(projectId).api.user.devLatestCode({ query: { phone, purpose } });
  return code;
}
