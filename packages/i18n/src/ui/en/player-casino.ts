import type { PlayerCatalog } from '../player.ts';

/** Third-party games: the lobby and the game frame, English. */
export const playerCasino: PlayerCatalog['playerCasino'] = {
  title: 'Casino',
  open: 'Play slots & live casino',
  search: 'Search games',
  categories: { all: 'All', slots: 'Slots', live: 'Live casino', favourites: 'Favourites' },
  favourite: 'Add to favourites',
  unfavourite: 'Remove from favourites',
  empty: 'No game matches',
  play: 'Play',
  demo: 'Try for free',
  demoMode: 'Demo · no real money',
  balance: 'Balance',
  close: 'Close game',
  launching: 'Opening the game…',
};
