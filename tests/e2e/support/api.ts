import { CLIENT_ID_KEY, createPayhubClient, memoryStore, type PayhubClient } from '@payhub/client';
import { contracts } from '@payhub/contracts';
import { type DemoLabel, demoAccount, type ProjectId } from './accounts.ts';
import { e2eUrl } from './env.ts';

/** An API client for the e2e server (the same typed client the apps use). */
export function apiClient(projectId: ProjectId = 12, language = 'id-ID'): PayhubClient {
  return createPayhubClient({ baseUrl: e2eUrl(), projectId, language });
}

// Each demo account signs in through the API from one device of its own, as a person does: signing in
// again is not a new device (which would write a new-device notice into its inbox, issue 14).
const devices = new Map<string, string>();

/** An API client signed in as a demo account, on that account's own device (or the given client id). */
export async function signedInApi(
  label: DemoLabel,
  projectId: ProjectId,
  options: { clientId?: string | null } = {},
): Promise<PayhubClient> {
  const device = `${label}:${projectId}`;
  // A journey may sign in beside its own browser page: the page's client id makes it the same device.
  const known = options.clientId ?? devices.get(device);
  const client = createPayhubClient({
    baseUrl: e2eUrl(),
    projectId,
    language: 'id-ID',
    store: memoryStore(known ? { [CLIENT_ID_KEY]: known } : {}),
  });
  devices.set(device, client.clientId);
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

/** A tiny PNG the upload endpoint accepts (its type is sniffed from these bytes). */
const VOUCHER_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
]);

/** Uploads a voucher image as this client; a deposit voucher must name the payer's own upload. */
export async function uploadVoucher(client: PayhubClient): Promise<string> {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(VOUCHER_PNG)], { type: 'image/png' }), 'voucher.png');
  return ((await client.http.call(contracts.site.upload, { body })) as { url: string }).url;
}
