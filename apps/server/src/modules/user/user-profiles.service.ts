import type { Executor } from '../../platform/db/database.ts';
import { type UserCard, userProfilesRepo } from './user-profiles.repo.ts';

export type { UserCard } from './user-profiles.repo.ts';

/**
 * What other modules may read and change of a user (docs/architecture.md): their card (name, phone,
 * promo and payment profile) and their promo role. Each call takes the caller's executor, so a change
 * commits with the caller's transaction.
 */
export function createUserProfiles(root: Executor) {
  return {
    root,
    /** The cards of these users, by id (unknown ids are left out). */
    async cards(ids: readonly number[], executor: Executor = root): Promise<Map<number, UserCard>> {
      const cards = await userProfilesRepo.cards(executor, [...new Set(ids)]);
      return new Map(cards.map((card) => [card.id, card]));
    },
    async card(id: number, executor: Executor = root): Promise<UserCard | null> {
      return (await userProfilesRepo.cards(executor, [id]))[0] ?? null;
    },
    /** Sets the promo role a group membership gives (leader level, promoter type) in the caller's transaction. */
    setPromoRole(executor: Executor, userId: number, role: { leaderLevel: number; spaType: string | null }) {
      return userProfilesRepo.setPromoRole(executor, userId, role);
    },
  };
}
export type UserProfiles = ReturnType<typeof createUserProfiles>;
