import type { Locale } from '@payhub/contracts';
import { player } from './id-ID/player.ts';
import { playerAccount } from './id-ID/player-account.ts';
import { playerAuth } from './id-ID/player-auth.ts';
import { playerCasino } from './id-ID/player-casino.ts';
import { playerChain } from './id-ID/player-chain.ts';
import { playerDeposit } from './id-ID/player-deposit.ts';
import { playerGames } from './id-ID/player-games.ts';
import { playerMoney } from './id-ID/player-money.ts';
import { playerRewards } from './id-ID/player-rewards.ts';
import { playerRounds } from './id-ID/player-rounds.ts';
import { playerSafety } from './id-ID/player-safety.ts';
import { playerWallet } from './id-ID/player-wallet.ts';
import { playerWithdraw } from './id-ID/player-withdraw.ts';

/**
 * The player app's UI catalogue: its own namespaces (one file per namespace and locale beside the
 * agent app's). Indonesian is the typed reference and is bundled; the others load as chunks.
 */
export const playerIdID = {
  player,
  playerAuth,
  playerAccount,
  playerWallet,
  playerDeposit,
  playerWithdraw,
  playerChain,
  playerMoney,
  playerGames,
  playerRounds,
  playerSafety,
  playerCasino,
  playerRewards,
};

type Strings<T> = { [Key in keyof T]: T[Key] extends string ? string : Strings<T[Key]> };

/** The shape every locale's player catalogue must have: the Indonesian reference with string leaves. */
export type PlayerCatalog = Strings<typeof playerIdID>;

export async function loadPlayerCatalog(locale: Locale): Promise<PlayerCatalog> {
  switch (locale) {
    case 'es-MX': {
      const [
        shell,
        auth,
        account,
        wallet,
        deposit,
        withdraw,
        chain,
        money,
        games,
        rounds,
        safety,
        casino,
        rewards,
      ] = await Promise.all([
        import('./es-MX/player.ts'),
        import('./es-MX/player-auth.ts'),
        import('./es-MX/player-account.ts'),
        import('./es-MX/player-wallet.ts'),
        import('./es-MX/player-deposit.ts'),
        import('./es-MX/player-withdraw.ts'),
        import('./es-MX/player-chain.ts'),
        import('./es-MX/player-money.ts'),
        import('./es-MX/player-games.ts'),
        import('./es-MX/player-rounds.ts'),
        import('./es-MX/player-safety.ts'),
        import('./es-MX/player-casino.ts'),
        import('./es-MX/player-rewards.ts'),
      ]);
      return {
        player: shell.player,
        playerAuth: auth.playerAuth,
        playerAccount: account.playerAccount,
        playerWallet: wallet.playerWallet,
        playerDeposit: deposit.playerDeposit,
        playerWithdraw: withdraw.playerWithdraw,
        playerChain: chain.playerChain,
        playerMoney: money.playerMoney,
        playerGames: games.playerGames,
        playerRounds: rounds.playerRounds,
        playerSafety: safety.playerSafety,
        playerCasino: casino.playerCasino,
        playerRewards: rewards.playerRewards,
      };
    }
    case 'en': {
      const [
        shell,
        auth,
        account,
        wallet,
        deposit,
        withdraw,
        chain,
        money,
        games,
        rounds,
        safety,
        casino,
        rewards,
      ] = await Promise.all([
        import('./en/player.ts'),
        import('./en/player-auth.ts'),
        import('./en/player-account.ts'),
        import('./en/player-wallet.ts'),
        import('./en/player-deposit.ts'),
        import('./en/player-withdraw.ts'),
        import('./en/player-chain.ts'),
        import('./en/player-money.ts'),
        import('./en/player-games.ts'),
        import('./en/player-rounds.ts'),
        import('./en/player-safety.ts'),
        import('./en/player-casino.ts'),
        import('./en/player-rewards.ts'),
      ]);
      return {
        player: shell.player,
        playerAuth: auth.playerAuth,
        playerAccount: account.playerAccount,
        playerWallet: wallet.playerWallet,
        playerDeposit: deposit.playerDeposit,
        playerWithdraw: withdraw.playerWithdraw,
        playerChain: chain.playerChain,
        playerMoney: money.playerMoney,
        playerGames: games.playerGames,
        playerRounds: rounds.playerRounds,
        playerSafety: safety.playerSafety,
        playerCasino: casino.playerCasino,
        playerRewards: rewards.playerRewards,
      };
    }
    default:
      return playerIdID;
  }
}
