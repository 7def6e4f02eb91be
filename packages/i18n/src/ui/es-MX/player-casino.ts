import type { PlayerCatalog } from '../player.ts';

/** Third-party games: the lobby and the game frame, Mexican Spanish. */
export const playerCasino: PlayerCatalog['playerCasino'] = {
  title: 'Casino',
  open: 'Juega tragamonedas y casino en vivo',
  search: 'Buscar juegos',
  categories: { all: 'Todos', slots: 'Tragamonedas', live: 'Casino en vivo', favourites: 'Favoritos' },
  favourite: 'Agregar a favoritos',
  unfavourite: 'Quitar de favoritos',
  empty: 'Ningún juego coincide',
  play: 'Jugar',
  demo: 'Probar gratis',
  demoMode: 'Demo · sin dinero real',
  balance: 'Saldo',
  close: 'Cerrar juego',
  launching: 'Abriendo el juego…',
};
