/** The inbox, Indonesian. */
export const inbox = {
  title: 'Kotak masuk',
  unread: '{{count}} belum dibaca',
  empty: 'Tidak ada pesan.',
  readAll: 'Tandai semua dibaca',
  deleteAllRead: 'Hapus yang sudah dibaca',
  markRead: 'Tandai dibaca',
  delete: 'Hapus',
  newMail: 'Pesan baru: {{title}}',
};
