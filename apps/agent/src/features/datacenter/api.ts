import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { DataCenterView, type UnixRange, useDataCenterStore } from '../../lib/stores/data-center.store.ts';

export const datacenterKeys = {
  all: ['datacenter'] as const,
  range: ['datacenter', 'range'] as const,
  rows: (value: number, range: UnixRange | null) =>
    ['datacenter', 'rows', value, range?.startTime, range?.endTime] as const,
};

/** Today and the presets of the project's time zone; fills the store's `today` once. */
export function useDateRange() {
  return useQuery({
    queryKey: datacenterKeys.range,
    queryFn: async () => {
      const range = await api.datacenter.spaDateRange();
      const state = useDataCenterStore.getState();
      const today = { startTime: range.todayStart, endTime: range.todayEnd };
      useDataCenterStore.setState({
        today,
        individual: state.individual ?? today,
        group: state.group ?? today,
      });
      return range;
    },
  });
}

/**
 * The rows of the chosen view and range (spec §3): individual rows go to d0, group rows to d1,
 * each with the summary row first.
 */
export function useTaskRows() {
  const value = useDataCenterStore((state) => state.value);
  const range = useDataCenterStore((state) =>
    state.value === DataCenterView.Group ? state.group : state.individual,
  );
  return useQuery({
    queryKey: datacenterKeys.rows(value, range),
    enabled: range !== null,
    queryFn: async () => {
      const query = range ? { startTime: range.startTime, endTime: range.endTime } : {};
      if (value === DataCenterView.Group) {
        const answer = await api.datacenter.spaTaskDataGroup({ query });
        useDataCenterStore.setState({ d1: answer.rows });
        return answer;
      }
      const answer = await api.datacenter.spaTaskData({ query });
      useDataCenterStore.setState({ d0: answer.rows });
      return answer;
    },
  });
}

const rangeQuery = (range: UnixRange | null) =>
  range ? { startTime: range.startTime, endTime: range.endTime } : {};

/** The caller's group (the leader's check page reads its members). */
export const myGroupQuery = () =>
  queryOptions({
    queryKey: [...datacenterKeys.all, 'myGroup'],
    queryFn: () => api.promo.spaGroupInfo({ query: {} }),
  });

/** The group's rows per member over the range. */
export const memberRowsQuery = (groupId: number | undefined, range: UnixRange | null) =>
  queryOptions({
    queryKey: [...datacenterKeys.all, 'members', groupId, range?.startTime, range?.endTime],
    enabled: groupId !== undefined && range !== null,
    queryFn: () =>
      api.datacenter.spaTaskDataGroupDetailMember({ params: { id: groupId ?? 0 }, query: rangeQuery(range) }),
  });

/** The caller's rows per lead over the range. */
export const phoneRowsQuery = (userId: number | undefined, range: UnixRange | null) =>
  queryOptions({
    queryKey: [...datacenterKeys.all, 'phones', userId, range?.startTime, range?.endTime],
    enabled: userId !== undefined && range !== null,
    queryFn: () =>
      api.datacenter.spaTaskDataGroupDetailPhone({ params: { id: userId ?? 0 }, query: rangeQuery(range) }),
  });
