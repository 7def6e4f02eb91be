import type { UiNamespace } from '../types.ts';

export const datacenter: UiNamespace<'datacenter'> = {
  title: 'Data',
  individual: 'Individual',
  group: 'Group',
  presets: { today: 'Today', yesterday: 'Yesterday', last7: '7 days', last30: '30 days' },
  total: 'Total',
  date: 'Date',
  applyCount: 'Sign-ups',
  completeCount: 'Completed',
  depositFirstCount: 'First deposits',
  depositAllCount: 'All deposits',
  depositFirstAmount: 'First deposit amount',
  byDate: 'By date',
  byPhone: 'By number',
  check: 'By member',
  member: 'Member',
  phone: 'Number',
  incomplete: 'Incomplete',
  share: 'Without a task number',
  empty: 'No data for this range yet.',
  timeZone: 'Time zone: {{zone}}',
};
