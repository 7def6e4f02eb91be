import { useQuery } from '@tanstack/react-query';
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
