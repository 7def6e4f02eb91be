// Proves the pure rules of identity tiers: the holder-name rule (case, spaces, punctuation and
// diacritics ignored; words, order and spelling kept), the tier tables with a project override, and
// the withdrawal check: under age 10001, tier 0 of a licensed project 7052, over the tier's limit
// per withdrawal or per local day 7051 (the day's start handed to the withdrawing module's sum).
import type { Asset, ProjectConfig } from '@payhub/contracts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createIdentityService } from './identity.service.ts';
import {
  DEFAULT_TIER_LIMITS,
  namesMatch,
  normaliseName,
  tierLimitsWire,
  tierTable,
} from './identity-tiers.ts';

describe('holder name rule', () => {
  it('ignores case, spacing, punctuation and diacritics, nothing else', () => {
    expect(normaliseName('  BÚDI   santoso. ')).toBe('budi santoso');
    expect(namesMatch('Siti Nur’aini', 'siti nur aini')).toBe(true);
    expect(namesMatch('José-María López', 'jose maria lopez')).toBe(true);
    expect(namesMatch('Ａｇｕｓ', 'agus')).toBe(true);
    expect(namesMatch('Budi', 'Budi Santoso')).toBe(false);
    expect(namesMatch('Santoso Budi', 'Budi Santoso')).toBe(false);
    expect(namesMatch('Budi Santosa', 'Budi Santoso')).toBe(false);
    expect(namesMatch(' . ', ' ')).toBe(false);
  });
});

describe('tier tables', () => {
  it('lays a project override over the defaults, amounts parsed per asset', () => {
    const table = tierTable({
      '1': { IDR: { perWithdrawal: '500000', daily: null }, USDT: { perWithdrawal: '40.5', daily: '60' } },
    });
    expect(table[1].IDR).toEqual({ perWithdrawal: 500_000_00n, daily: null });
    expect(table[1].USDT).toEqual({ perWithdrawal: 40_500_000n, daily: 60_000_000n });
    expect(table[1].MXN).toEqual(DEFAULT_TIER_LIMITS[1].MXN);
    expect(table[2]).toEqual(DEFAULT_TIER_LIMITS[2]);
    const assets: Asset[] = ['IDR'];
    assets.push('USDT');
    expect(tierLimitsWire(table, 1, assets)).toEqual([
      { asset: 'IDR', perWithdrawal: '500000.00', daily: null },
      { asset: 'USDT', perWithdrawal: '40.500000', daily: '60.000000' },
    ]);
    expect(() => tierTable({ '0': { IDR: { perWithdrawal: '1.234', daily: null } } })).toThrow();
  });

  it('WITHDRAW_TIER_LIMITS is checked when the configuration loads', () => {
    const load = (value: string) => loadConfig({ NODE_ENV: 'test', WITHDRAW_TIER_LIMITS: value });
    expect(
      load('{"12": {"1": {"IDR": {"perWithdrawal": "5000000.00", "daily": null}}}}').withdrawTierLimits,
    ).toEqual({
      '12': { '1': { IDR: { perWithdrawal: '5000000.00', daily: null } } },
    });
    for (const bad of [
      'nope',
      '{"x": {}}',
      '{"12": {"3": {}}}',
      '{"12": {"1": {"EUR": {"perWithdrawal": "1", "daily": "1"}}}}',
      '{"12": {"1": {"IDR": {"perWithdrawal": "-1", "daily": "1"}}}}',
    ])
      expect(() => load(bad), bad).toThrow(/WITHDRAW_TIER_LIMITS/);
  });
});

describe('withdrawal check', () => {
  const project = (licence: string | null) =>
    ({ projectId: 12, currency: 'IDR', timeZone: 'Asia/Jakarta', licence }) as unknown as ProjectConfig;
  function service(licence: string | null, identity: { tier: number; birthDate: string } | null) {
    return createIdentityService({
      repo: {
        find: async () => (identity ? { userId: 1, fullName: 'Budi Santoso', ...identity } : null),
      } as never,
      documents: {} as never,
      clock: { now: () => new Date('2026-11-24T05:00:00Z') } as never,
      projectById: () => project(licence),
      minimumAge: () => 18,
      tierLimits: () => tierTable({ '0': { IDR: { perWithdrawal: '100', daily: '150' } } }),
      withdrawAssets: () => ['IDR'],
    });
  }
  async function check(identityService: ReturnType<typeof service>, amount: bigint, used = 0n) {
    let from: Date | null = null;
    try {
      await identityService.withdrawTier.check({} as never, {
        userId: 1,
        projectId: 12,
        asset: 'IDR',
        amount,
        usedSince: async (start) => {
          from = start;
          return used;
        },
      });
      return { code: null, from };
    } catch (error) {
      return { code: (error as { errCode: number }).errCode, from };
    }
  }

  it('play-money tier 0: per withdrawal and per local day (from Jakarta midnight)', async () => {
    const tierZero = service(null, null);
    expect((await check(tierZero, 100_01n)).code).toBe(7051);
    const allowed = await check(tierZero, 100_00n, 50_00n);
    expect(allowed.code).toBeNull();
    expect(allowed.from).toEqual(new Date('2026-11-23T17:00:00Z'));
    expect((await check(tierZero, 100_00n, 50_01n)).code).toBe(7051);
  });

  it('a licensed project withdraws nothing at tier 0 (7052); under age nothing at any tier (10001)', async () => {
    expect((await check(service('LIC-1', null), 1n)).code).toBe(7052);
    expect((await check(service('LIC-1', { tier: 1, birthDate: '1990-01-01' }), 1n)).code).toBeNull();
    expect((await check(service(null, { tier: 2, birthDate: '2010-01-01' }), 1n)).code).toBe(10001);
  });

  it('the holder rule: licensed tier 0 refused (7052), play-money tier 0 free, a declared name must match (3041)', async () => {
    const code = async (call: Promise<void>) =>
      call.then(() => null).catch((error) => error.errCode as number);
    expect(await code(service('LIC-1', null).requireHolderName(1, 12, 'Anyone'))).toBe(7052);
    expect(await code(service(null, null).requireHolderName(1, 12, 'Anyone'))).toBeNull();
    const declared = service(null, { tier: 1, birthDate: '1990-01-01' });
    expect(await code(declared.requireHolderName(1, 12, 'budi SANTOSO'))).toBeNull();
    expect(await code(declared.requireHolderName(1, 12, 'Budi'))).toBe(3041);
  });
});
