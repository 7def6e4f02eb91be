import type { UiNamespace } from '../types.ts';

export const inbox: UiNamespace<'inbox'> = {
  title: 'Buzón',
  unread: '{{count}} sin leer',
  empty: 'No hay mensajes.',
  readAll: 'Marcar todo como leído',
  deleteAllRead: 'Borrar los leídos',
  markRead: 'Marcar como leído',
  delete: 'Borrar',
  newMail: 'Mensaje nuevo: {{title}}',
};
