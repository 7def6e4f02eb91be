import type { LocalCurrency } from '@payhub/contracts';
import { createLedger } from '../ledger/ledger.ts';
import { createPayhubRepo } from '../modules/payhub/payhub.repo.ts';
import { createUserProfiles } from '../modules/user/user-profiles.service.ts';
import { systemClock } from '../platform/clock.ts';
import type { Db } from '../platform/db/database.ts';
import { demoVerifiedName } from './demo-names.ts';
import { createPayhubSeedRepo } from './payhub-seed.repo.ts';

/** Demo quota per operator and demo wallet per player (play money; minor units). */
const QUOTA_MINOR = { IDR: 100_000_000_00n, MXN: 500_000_00n } as const;
const WALLET_MINOR = { IDR: 1_000_000_00n, MXN: 5_000_00n } as const;
const LIMITS = {
  IDR: { perOrderMax: 50_000_000_00n, dailyMax: 500_000_000_00n },
  MXN: { perOrderMax: 50_000_00n, dailyMax: 500_000_00n },
} as const;
const CARD_BANKS = { IDR: ['BCA', 'BNI', 'BRI', 'MANDIRI'], MXN: ['BBVA', 'BANORTE'] } as const;

/**
 * The payment hub's demo state: the operators KYC-verified (a verified name, limits, 1% commission)
 * with one card per bank in that name and a prepaid quota; the demo players with a wallet balance.
 * Idempotent: rows are upserted and the money moves under fixed transfer ids.
 */
export async function seedPaymentHub(
  db: Db,
  input: {
    projectId: number;
    /** The project's language: the operators' verified names are of its country. */
    locale: string;
    currency: LocalCurrency;
    operators: Array<{ label: string; phone: string; working: boolean }>;
    players: Array<{ label: string; phone: string }>;
  },
): Promise<void> {
  const repo = createPayhubRepo(db, createUserProfiles(db));
  const seedRepo = createPayhubSeedRepo(db);
  const ledger = createLedger(systemClock);
  const key = { projectId: input.projectId, currency: input.currency };
  for (const [index, operator] of input.operators.entries()) {
    const userId = await seedRepo.userIdByPhone(input.projectId, operator.phone);
    if (userId === null) continue;
    const fresh = !(await seedRepo.operatorExists(userId));
    const verifiedName = demoVerifiedName(operator.label, input.locale);
    await db.transaction(async (tx) => {
      await repo.upsertOperator(tx, {
        userId,
        projectId: input.projectId,
        kycStatus: 'verified',
        verifiedName,
        ...LIMITS[input.currency],
        commissionBps: 100,
        at: new Date(),
      });
      if (fresh) await repo.setWorking(tx, userId, operator.working);
      for (const [bankIndex, bankCode] of CARD_BANKS[input.currency].entries()) {
        await repo.addCard(tx, {
          operatorId: userId,
          bankCode,
          accountNo: `77${input.projectId}${index}${bankIndex}${String(userId).padStart(6, '0')}`,
          holderName: verifiedName,
          // Demo QRIS merchant ids (NMID: "ID" + 13 digits), one per rupiah card.
          ...(input.currency === 'IDR'
            ? {
                qrisNmid: `ID1${String(input.projectId).padStart(3, '0')}${index % 10}${bankIndex % 10}${String(userId).padStart(7, '0')}`,
              }
            : {}),
        });
      }
      const custody = await ledger.systemAccount(tx, { ...key, kind: 'custody' });
      const quota = await ledger.userAccount(tx, { ...key, kind: 'operator_quota', ownerId: userId });
      await ledger.transfer(tx, {
        id: `seed:quota:${userId}`,
        debitAccountId: custody.id,
        creditAccountId: quota.id,
        amount: QUOTA_MINOR[input.currency],
        code: 'seed_quota',
      });
    });
  }
  for (const player of input.players) {
    const userId = await seedRepo.userIdByPhone(input.projectId, player.phone);
    if (userId === null) continue;
    await db.transaction(async (tx) => {
      const house = await ledger.systemAccount(tx, { ...key, kind: 'house' });
      const wallet = await ledger.userAccount(tx, { ...key, kind: 'player_wallet', ownerId: userId });
      await ledger.transfer(tx, {
        id: `seed:wallet:${userId}`,
        debitAccountId: house.id,
        creditAccountId: wallet.id,
        amount: WALLET_MINOR[input.currency],
        code: 'seed_wallet',
      });
    });
  }
}
