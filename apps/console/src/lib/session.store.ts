import { browserStore, TOKEN_KEY } from '@payhub/client/storage.ts';
import { create } from 'zustand';

/** The console keeps its own token key, so a staff session never mixes with an agent's on the same origin. */
export const tokenStore = browserStore();
export const CONSOLE_TOKEN_KEY = `console_${TOKEN_KEY}`;

export const useSession = create<{ token: string | null }>(() => ({
  token: tokenStore.get(CONSOLE_TOKEN_KEY),
}));

export function setSessionToken(token: string | null): void {
  if (token) tokenStore.set(CONSOLE_TOKEN_KEY, token);
  else tokenStore.remove(CONSOLE_TOKEN_KEY);
  useSession.setState({ token });
}
