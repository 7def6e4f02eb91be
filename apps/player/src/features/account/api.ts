import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Two-step verification status, the signed-in sessions and the declared identity (issue 14). */
export const twoFactorQuery = () =>
  queryOptions({ queryKey: ['user', 'twoFactor'], queryFn: () => api.twoFactor.status(), staleTime: 0 });

export const sessionsQuery = () =>
  queryOptions({ queryKey: ['user', 'sessions'], queryFn: () => api.sessions.list(), staleTime: 0 });

export const identityQuery = () =>
  queryOptions({ queryKey: ['user', 'identity'], queryFn: () => api.identity.get(), staleTime: 0 });
