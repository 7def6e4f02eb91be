import { browserStore, TOKEN_KEY } from '@payhub/client/storage.ts';
import { create } from 'zustand';

/** The token lives in localStorage `main_token` (spec §3); this store mirrors it for rendering. */
export const tokenStore = browserStore();

interface SessionState {
  token: string | null;
}

export const useSession = create<SessionState>(() => ({ token: tokenStore.get(TOKEN_KEY) }));

export function setSessionToken(token: string | null): void {
  if (token) tokenStore.set(TOKEN_KEY, token);
  else tokenStore.remove(TOKEN_KEY);
  useSession.setState({ token });
}
