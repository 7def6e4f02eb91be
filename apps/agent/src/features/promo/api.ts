import type { ContactResult } from '@payhub/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Query keys of the promo feature; every mutation invalidates the whole feature. */
export const promoKeys = {
  all: ['promo'] as const,
  currentTask: ['promo', 'currentTask'] as const,
  phones: (status: number | undefined) => ['promo', 'phones', status ?? 'all'] as const,
  revisits: ['promo', 'revisits'] as const,
  checks: ['promo', 'checks'] as const,
  reviews: (status: number | undefined) => ['promo', 'reviews', status ?? 'all'] as const,
  group: ['promo', 'group'] as const,
  newMembers: ['promo', 'newMembers'] as const,
  applications: ['promo', 'applications'] as const,
  reports: (userId: number | undefined) => ['promo', 'reports', userId ?? 'me'] as const,
};

export const useCurrentTask = () =>
  useQuery({ queryKey: promoKeys.currentTask, queryFn: () => api.promo.spaCurrentTask() });

export const usePhoneList = (status: number | undefined) =>
  useQuery({
    queryKey: promoKeys.phones(status),
    queryFn: () =>
      api.promo.spaPhoneList({ query: { count: 100, ...(status === undefined ? {} : { status }) } }),
  });

export const useRevisits = () =>
  useQuery({
    queryKey: promoKeys.revisits,
    queryFn: () => api.promo.spaRevisitList({ query: { count: 100 } }),
  });

/** Invalidates every promo query after a change. */
export function usePromoMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promoKeys.all }),
  });
}

export const useContact = () =>
  usePromoMutation((input: { taskId: number; result: ContactResult; note?: string; revisitAt?: number }) =>
    api.promo.spaContact({ body: { note: '', ...input } }),
  );
