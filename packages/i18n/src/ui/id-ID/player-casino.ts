/** Third-party games: the lobby and the game frame, Indonesian. */
export const playerCasino = {
  title: 'Kasino',
  open: 'Main slot & kasino langsung',
  search: 'Cari permainan',
  categories: { all: 'Semua', slots: 'Slot', live: 'Kasino langsung', favourites: 'Favorit' },
  favourite: 'Tambah ke favorit',
  unfavourite: 'Hapus dari favorit',
  empty: 'Tidak ada permainan yang cocok',
  play: 'Main',
  demo: 'Coba gratis',
  demoMode: 'Mode demo · tanpa uang sungguhan',
  balance: 'Saldo',
  close: 'Tutup permainan',
  launching: 'Membuka permainan…',
};
