import type { ContactResult } from '@payhub/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

/** The pem checks of the caller (reports to review or to revise). */
export const reportChecksQuery = () =>
  queryOptions({ queryKey: promoKeys.checks, queryFn: () => api.promo.spaReportCheck() });

/** The report a review check is about, from its reporter's recent reports. */
export const reportQuery = (check: { kind: string; reporterId: number; reportId: number }) =>
  queryOptions({
    queryKey: [...promoKeys.reports(check.reporterId), check.reportId],
    queryFn: () => api.promo.spaReportLog({ query: { userId: check.reporterId, count: 20 } }),
    select: (page) => page.items.find((item) => item.id === check.reportId),
    enabled: check.kind === 'review',
  });

export const reviewsQuery = (status: number | undefined) =>
  queryOptions({
    queryKey: promoKeys.reviews(status),
    queryFn: () =>
      api.promo.spaReviewList({ query: { count: 100, ...(status === undefined ? {} : { status }) } }),
  });

export const newMembersQuery = () =>
  queryOptions({ queryKey: promoKeys.newMembers, queryFn: () => api.promo.spaNewMember() });

/** The caller's group (a leader's). */
export const groupQuery = () =>
  queryOptions({ queryKey: promoKeys.group, queryFn: () => api.promo.spaGroupInfo({ query: {} }) });

/** The groups of the project an applicant may join. */
export const projectGroupsQuery = (projectId: number | undefined) =>
  queryOptions({
    queryKey: [...promoKeys.group, 'all', projectId],
    queryFn: () => api.promo.spaGroupInfo({ query: {} }),
  });

export const applicationsQuery = () =>
  queryOptions({
    queryKey: promoKeys.applications,
    queryFn: () => api.promo.spaApplyList({ query: { count: 20 } }),
  });
