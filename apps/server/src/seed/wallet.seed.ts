import { accounts, createLedger } from '../ledger/ledger.ts';
import { createChainRepo } from '../modules/chain/chain.repo.ts';
import { systemClock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { demoWalletLabel } from './demo-names.ts';
import { createPayhubSeedRepo } from './payhub-seed.repo.ts';

/**
 * Play money in the platform-wide assets (the local currency is seeded with the payment hub):
 * 100.000000 USDT and 5,000.00 YEC per demo player, from the house. Idempotent by fixed transfer ids.
 * The demo player ('player') also has one saved USDT withdrawal address, added a day before the seed
 * so it is already usable (the 24 h wait of a new address has passed): a demo of a crypto withdrawal.
 */
const PLAY_MONEY = { USDT: 100_000_000n, YEC: 5_000_00n } as const;
/** The demo player's saved withdrawal address (no known key: a demo recipient). */
export const DEMO_WITHDRAW_ADDRESS = '0x00000000000000000000000000000000DE770001';
const DAY_MS = 24 * 3_600_000;

export async function seedWallets(
  db: Db,
  input: { projectId: number; locale: string; players: Array<{ label: string; phone: string }> },
): Promise<void> {
  const seedRepo = createPayhubSeedRepo(db);
  const ledger = createLedger(systemClock);
  const chainRepo = createChainRepo(db);
  for (const player of input.players) {
    const userId = await seedRepo.userIdByPhone(input.projectId, player.phone);
    if (userId === null) continue;
    await db.transaction(async (tx) => {
      for (const [asset, amount] of Object.entries(PLAY_MONEY) as Array<[keyof typeof PLAY_MONEY, bigint]>) {
        const house = await ledger.account(tx, accounts.house(input.projectId, asset));
        const wallet = await ledger.account(tx, accounts.player(input.projectId, userId, asset));
        await ledger.transfer(tx, {
          id: `seed:wallet:${userId}:${asset}`,
          debitAccountId: house.id,
          creditAccountId: wallet.id,
          amount,
          code: 'seed_wallet',
        });
      }
      if (player.label === 'player') {
        const now = systemClock.now();
        await chainRepo.addAddress(tx, {
          projectId: input.projectId,
          playerId: userId,
          address: DEMO_WITHDRAW_ADDRESS,
          label: demoWalletLabel(input.locale),
          at: new Date(now.getTime() - 2 * DAY_MS),
          usableAt: new Date(now.getTime() - DAY_MS),
        });
      }
    });
  }
}
