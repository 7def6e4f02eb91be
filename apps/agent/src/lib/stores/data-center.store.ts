import { create } from 'zustand';

/** A statistics row (spec §3); the summary row with the totals comes first. */
export interface DataCenterRow {
  date: string;
  applyCount: number;
  completeCount: number;
  depositFirstCount: number;
  depositAllCount: number;
  /** Wire money string with 2 decimals. */
  depositFirstAmount: string;
}

/** A date range in unix seconds. */
export interface UnixRange {
  startTime: number;
  endTime: number;
}

export const DataCenterView = { Individual: 0, Group: 1 } as const;
export type DataCenterView = (typeof DataCenterView)[keyof typeof DataCenterView];

interface DataCenterState {
  value: DataCenterView;
  today: UnixRange | null;
  individual: UnixRange | null;
  group: UnixRange | null;
  d0: DataCenterRow[];
  d1: DataCenterRow[];
}

const initialState: DataCenterState = {
  value: DataCenterView.Individual,
  today: null,
  individual: null,
  group: null,
  d0: [],
  d1: [],
};

/** The data center store (spec §3); not persisted. */
export const useDataCenterStore = create<DataCenterState>()(() => ({ ...initialState }));

export function resetDataCenter(): void {
  useDataCenterStore.setState({ ...initialState });
}
