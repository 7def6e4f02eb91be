/**
 * The rewards feature's server calls (contracts/rewards.ts, rewards-gifts.ts): the referral dashboard,
 * the check-in, gift codes, the wheel and its seed pair, and the reward history.
 */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const REWARDS_KEYS = {
  referral: ['rewards', 'referral'] as const,
  checkin: ['rewards', 'checkin'] as const,
  wheel: ['rewards', 'wheel'] as const,
  history: ['rewards', 'history'] as const,
};

export const referralQuery = () =>
  queryOptions({ queryKey: REWARDS_KEYS.referral, queryFn: () => api.rewards.referral(), staleTime: 0 });
export const checkinQuery = () =>
  queryOptions({ queryKey: REWARDS_KEYS.checkin, queryFn: () => api.rewards.checkinStatus(), staleTime: 0 });
export const wheelQuery = () =>
  queryOptions({ queryKey: REWARDS_KEYS.wheel, queryFn: () => api.rewards.wheel(), staleTime: 0 });
export const rewardHistoryQuery = () =>
  queryOptions({ queryKey: REWARDS_KEYS.history, queryFn: () => api.rewards.rewardHistory(), staleTime: 0 });

export const checkIn = () => api.rewards.checkin();
export const redeemGiftCode = (code: string) => api.rewards.redeemGiftCode({ body: { code } });
export const spinWheel = (spinId: string) => api.rewards.spinWheel({ body: { spinId } });
export const rotateWheelSeed = () => api.rewards.rotateWheelSeed({ body: {} });

/** The invite link a friend opens: the register page with the code filled in. */
export const inviteLink = (code: string) =>
  `${window.location.origin}/play/register?invite=${encodeURIComponent(code)}`;
