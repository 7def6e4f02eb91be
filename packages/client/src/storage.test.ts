// Proves the client id is created once and persisted under `infojs_uuid` (spec §3), the token under
// `main_token`, and that a client built on a store sends that id as `client_id`.
import { describe, expect, it } from 'vitest';
import { createPayhubClient } from './index.ts';
import {
  browserStore,
  CLIENT_ID_KEY,
  ensureClientId,
  type KeyValueStore,
  memoryStore,
  TOKEN_KEY,
} from './storage.ts';

describe('storage keys', () => {
  it('are the spec’s localStorage keys', () => {
    expect(CLIENT_ID_KEY).toBe('infojs_uuid');
    expect(TOKEN_KEY).toBe('main_token');
  });
});

describe('ensureClientId', () => {
  it('creates a UUID once and stores it under infojs_uuid', () => {
    const store = memoryStore();
    const first = ensureClientId(store);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(store.get('infojs_uuid')).toBe(first);
    expect(ensureClientId(store)).toBe(first);
  });

  it('keeps an id that is already stored', () => {
    const store = memoryStore({ infojs_uuid: 'existing-id' });
    expect(ensureClientId(store)).toBe('existing-id');
    expect(store.get('infojs_uuid')).toBe('existing-id');
  });

  it('gives different installations different ids', () => {
    expect(ensureClientId(memoryStore())).not.toBe(ensureClientId(memoryStore()));
  });
});

describe('browserStore', () => {
  it('reads and writes window.localStorage', () => {
    const values = new Map<string, string>();
    const localStorageStub = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    };
    const previous = Object.getOwnPropertyDescriptor(globalThis, 'localStorage');
    Object.defineProperty(globalThis, 'localStorage', { value: localStorageStub, configurable: true });
    try {
      const store = browserStore();
      const id = ensureClientId(store);
      expect(values.get('infojs_uuid')).toBe(id);
      store.set(TOKEN_KEY, 't');
      expect(values.get('main_token')).toBe('t');
      store.remove(TOKEN_KEY);
      expect(values.has('main_token')).toBe(false);
    } finally {
      if (previous) Object.defineProperty(globalThis, 'localStorage', previous);
      else Reflect.deleteProperty(globalThis, 'localStorage');
    }
  });
});

describe('createPayhubClient', () => {
  it('persists its client id in the store and sends it as client_id; setToken uses main_token', async () => {
    const seen: Array<Record<string, string>> = [];
    const fetchStub = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ ...(init?.headers as Record<string, string>) });
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    const store: KeyValueStore = memoryStore();
    const client = createPayhubClient({ baseUrl: 'http://api.test', store, fetch: fetchStub });
    expect(store.get('infojs_uuid')).toBe(client.clientId);
    client.setToken('tok');
    expect(store.get('main_token')).toBe('tok');
    await client.api.user.me();
    expect(seen[0]?.client_id).toBe(client.clientId);
    expect(seen[0]?.main_token).toBe('tok');
    client.setToken(null);
    expect(store.get('main_token')).toBeNull();

    const again = createPayhubClient({ baseUrl: 'http://api.test', store, fetch: fetchStub });
    expect(again.clientId).toBe(client.clientId);
  });
});
