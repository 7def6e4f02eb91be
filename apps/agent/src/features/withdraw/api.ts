import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api.ts';
import { realtimeClient, useRealtimeConnection } from '../../lib/realtime.ts';

export const withdrawKeys = {
  all: ['withdraw'] as const,
  handles: (type: number) => ['withdraw', 'handles', type] as const,
};
const LIST_PAGE = { page: 1, count: 500 } as const;

/** Withdraw handles of the operator: 0 open (pool + mine), 1 settled, 2 exceptional (spec §7). */
export function useWithdrawHandles(type: 0 | 1 | 2) {
  return useQuery({
    queryKey: withdrawKeys.handles(type),
    queryFn: () => api.withdraw.handles({ query: { ...LIST_PAGE, type } }),
  });
}

export function useWithdrawMutation<Input, Output>(
  run: (input: Input) => Promise<Output>,
  onDone?: (output: Output) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (output) => {
      onDone?.(output);
      await queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
    },
  });
}

/** Refreshes the withdraw lists on every withdrawal push (new in the pool, taken, settled). */
export function useWithdrawLive(): void {
  useRealtimeConnection();
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = realtimeClient();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: withdrawKeys.all });
    const stops = [
      client.onNotify('/payhub/withdraw/order', refresh),
      client.onNotify('/payhub/unprocessed', refresh),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);
}
