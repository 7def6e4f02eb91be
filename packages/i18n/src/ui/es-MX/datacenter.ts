import type { UiNamespace } from '../types.ts';

export const datacenter: UiNamespace<'datacenter'> = {
  title: 'Datos',
  individual: 'Individual',
  group: 'Grupo',
  presets: { today: 'Hoy', yesterday: 'Ayer', last7: '7 días', last30: '30 días' },
  total: 'Total',
  date: 'Fecha',
  applyCount: 'Registros',
  completeCount: 'Completados',
  depositFirstCount: 'Primeros depósitos',
  depositAllCount: 'Todos los depósitos',
  depositFirstAmount: 'Monto de primeros depósitos',
  byDate: 'Por fecha',
  byPhone: 'Por número',
  check: 'Por miembro',
  member: 'Miembro',
  phone: 'Número',
  incomplete: 'Incompleto',
  share: 'Sin número de tarea',
  empty: 'Aún no hay datos para este rango.',
  timeZone: 'Zona horaria: {{zone}}',
};
