import { BlockList, isIP } from 'node:net';
import {
  type Asset,
  ErrorCode,
  formatAmount,
  type GiftCodeCreate,
  isAsset,
  type ProjectConfig,
  tryParseAmount,
} from '@payhub/contracts';
import { accounts, type Ledger } from '../../ledger/ledger.ts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badParameter, noPermission, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { unixSeconds } from '../../platform/local-day.ts';
import type { BonusDeps } from './rewards.bonus.ts';
import type { GiftCodeRow, GiftsRepo } from './rewards.gifts.repo.ts';

/** A "new user" of a new-users-only gift code registered at most this long before redeeming. */
export const NEW_USER_MS = 7 * 86_400_000;
/** Ledger code of an amount gift code's transfer (docs/payments.md "Rewards"). */
export const GIFT_CODE_LEDGER_CODE = 'gift_code';
const PAGE_MAX = 100;

export interface GiftCodesDeps {
  repo: GiftsRepo;
  ledger: Ledger;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
  /** When a player registered (the user service), for new-users-only codes. */
  registeredAt: (playerId: number) => Promise<Date | null>;
  /** Whether the player has any credited deposit (the wallet service), for deposit-required codes. */
  hasDeposited: (projectId: number, playerId: number, asset: Asset) => Promise<boolean>;
  /** The device ids (client ids) of the player's sessions (the session service), abuse signals. */
  sessionDevices: (playerId: number) => Promise<string[]>;
  /** Opens a monitoring case in the console's case list, as the bonus rules do. */
  openCase: BonusDeps['openCase'];
}

/** A redemption refused because another account on the same device already redeemed the code. */
class SharedDevice extends Error {
  constructor(
    readonly codeId: number,
    readonly sharedWith: number[],
  ) {
    super('gift code redeemed from the same device by another account');
  }
}

/** A network in CIDR notation parsed into node's BlockList, or null when it is not one. */
function parseNetwork(text: string): { address: string; prefix: number; type: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText = ''] = text.split('/');
  const version = isIP(address);
  const prefix = Number(prefixText);
  if (version === 0 || !/^\d{1,3}$/.test(prefixText)) return null;
  if (prefix > (version === 4 ? 32 : 128)) return null;
  return { address, prefix, type: version === 4 ? 'ipv4' : 'ipv6' };
}

/** Whether an address lies in one of the networks (an empty list allows every address). */
export function inNetworks(networks: readonly string[], ip: string): boolean {
  if (networks.length === 0) return true;
  const list = new BlockList();
  for (const network of networks) {
    const parsed = parseNetwork(network);
    if (parsed) list.addSubnet(parsed.address, parsed.prefix, parsed.type);
  }
  const version = isIP(ip.replace(/^::ffff:/, ''));
  if (version === 0) return false;
  return list.check(ip.replace(/^::ffff:/, ''), version === 4 ? 'ipv4' : 'ipv6');
}

function codeWire(row: GiftCodeRow) {
  const asset = row.asset as Asset;
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    asset,
    amount: row.amount === null ? null : formatAmount(row.amount, asset),
    spins: row.spins,
    maxRedemptions: row.maxRedemptions,
    perPlayer: row.perPlayer,
    redeemed: row.redeemed,
    newUsersOnly: row.newUsersOnly,
    depositRequired: row.depositRequired,
    startsAt: row.startsAt ? unixSeconds(row.startsAt) : null,
    expiresAt: unixSeconds(row.expiresAt),
    networks: row.networks,
    active: row.active,
    createdAt: unixSeconds(row.createdAt),
  };
}

/**
 * Gift codes (issue 17): an amount moved from the bonus pool or wheel spins granted. Each of spec §8's
 * 8001–8011 cases is one check of `redeem`, in this order of precedence: 8010 no such code here (8001
 * when another site has it), 8011 deactivated, 8007 not started, 8005 expired, 8003 every redemption
 * taken, 8006 the player's limit, 8002 new users only, 8009 deposit required, 8008 outside the code's
 * networks, 8004 spins of another code still unused (one bonus code active at a time).
 */
export function createGiftCodes(deps: GiftCodesDeps) {
  const { repo, ledger, clock } = deps;

  function currencyOf(projectId: number): Asset {
    const project = deps.projectById(projectId);
    if (!project) throw notFound('project');
    return project.currency;
  }

  /** A redemption under its code's row lock: the checks in precedence order, then the credit. */
  function redeemLocked(
    session: Session,
    code: string,
    ip: string,
    registered: Date | null,
    deposited: boolean,
  ) {
    return repo.transaction(async (tx) => {
      const gift = await repo.code(tx, session.projectId, code, true);
      if (!gift || !isAsset(gift.asset)) throw new AppError(ErrorCode.GiftCodeInvalid);
      const now = clock.now().getTime();
      if (!gift.active) throw new AppError(ErrorCode.GiftCodeNotActive);
      if (gift.startsAt && gift.startsAt.getTime() > now) throw new AppError(ErrorCode.GiftCodeNotStarted);
      if (gift.expiresAt.getTime() <= now) throw new AppError(ErrorCode.GiftCodeExpired);
      if (gift.redeemed >= gift.maxRedemptions) throw new AppError(ErrorCode.GiftCodeUsed);
      if ((await repo.redemptionsOf(tx, gift.id, session.userId)) >= gift.perPlayer)
        throw new AppError(ErrorCode.GiftCodeLimit);
      const sharedWith = await repo.deviceSharers(tx, gift.id, session.userId);
      if (sharedWith.length > 0) throw new SharedDevice(gift.id, sharedWith);
      if (gift.newUsersOnly && (!registered || now - registered.getTime() > NEW_USER_MS))
        throw new AppError(ErrorCode.GiftCodeNewUsersOnly);
      if (!deposited) throw new AppError(ErrorCode.GiftCodeDepositRequired);
      if (!inNetworks(gift.networks, ip)) throw new AppError(ErrorCode.GiftCodeRegionBlocked);
      if (gift.kind === 'spins') {
        // Under the player's lock: two spin codes at once would each see no spins unspent.
        await repo.lockSpinCodes(tx, session.userId);
        if ((await repo.unspentSpins(tx, session.userId)) > 0) throw new AppError(ErrorCode.BonusCodeExists);
      }
      const redemption = await repo.insertRedemption(tx, {
        codeId: gift.id,
        playerId: session.userId,
        projectId: session.projectId,
        asset: gift.asset,
        amount: gift.amount,
        spins: gift.spins,
        at: clock.now(),
      });
      if (gift.amount !== null && redemption.transferId !== null) {
        const pool = await ledger.account(tx, accounts.bonusPool(session.projectId, gift.asset));
        const wallet = await ledger.account(
          tx,
          accounts.player(session.projectId, session.userId, gift.asset),
        );
        await ledger.transfer(tx, {
          id: redemption.transferId,
          debitAccountId: pool.id,
          creditAccountId: wallet.id,
          amount: gift.amount,
          code: GIFT_CODE_LEDGER_CODE,
          reference: { type: 'gift_code', id: String(gift.id) },
        });
      }
      return {
        kind: gift.kind,
        asset: gift.asset,
        amount: gift.amount === null ? null : formatAmount(gift.amount, gift.asset),
        spins: gift.spins,
      };
    });
  }

  return {
    /** Admin (or the console's delegated session): creates a code (4013 when the name is taken). */
    async create(session: Session, input: GiftCodeCreate, ip = ''): Promise<{ code: string }> {
      if (session.staffRole !== 'admin') throw noPermission();
      const asset = currencyOf(session.projectId);
      let amount: bigint | null = null;
      let spins: number | null = null;
      if (input.kind === 'amount') {
        if (input.spins !== undefined) throw badParameter('spins: only for kind spins');
        amount = input.amount === undefined ? null : tryParseAmount(input.amount, asset);
        if (amount === null || amount <= 0n) throw badParameter('amount');
      } else {
        if (input.amount !== undefined) throw badParameter('amount: only for kind amount');
        if (input.spins === undefined) throw badParameter('spins');
        spins = input.spins;
      }
      const now = clock.now().getTime();
      if (input.expiresAt * 1000 <= now) throw badParameter('expiresAt: must be in the future');
      const startsAt = input.startsAt ?? null;
      if (startsAt !== null && startsAt >= input.expiresAt)
        throw badParameter('startsAt: must be before expiresAt');
      if (input.perPlayer > input.maxRedemptions) throw badParameter('perPlayer: more than maxRedemptions');
      for (const network of input.networks)
        if (!parseNetwork(network)) throw badParameter(`networks: ${network} is not a network`);
      return repo.transaction(async (tx) => {
        const id = await repo.insertCode(tx, {
          projectId: session.projectId,
          code: input.code,
          kind: input.kind,
          asset,
          amount,
          spins,
          maxRedemptions: input.maxRedemptions,
          perPlayer: input.perPlayer,
          newUsersOnly: input.newUsersOnly,
          depositRequired: input.depositRequired,
          startsAt: startsAt === null ? null : new Date(startsAt * 1000),
          expiresAt: new Date(input.expiresAt * 1000),
          networks: input.networks,
          createdBy: session.userId,
          createdAt: clock.now(),
        });
        if (id === null) throw new AppError(ErrorCode.GiftCodeTaken);
        await writeAudit(tx, {
          projectId: session.projectId,
          actorId: session.userId,
          action: 'rewards.gift_code.create',
          objectType: 'gift_code',
          objectId: String(id),
          after: { ...input },
          ip,
        });
        return { code: input.code };
      });
    },

    /**
     * Redeems a code. The code's row is locked, so concurrent redemptions queue and a single-use code
     * pays exactly once; everything of a redemption (row, count, spins, transfer) commits together.
     */
    async redeem(session: Session, code: string, ip: string) {
      const [registered, found] = await Promise.all([
        deps.registeredAt(session.userId),
        repo.code(repo.db, session.projectId, code),
      ]);
      if (!found) {
        const elsewhere = await repo.existsElsewhere(repo.db, session.projectId, code);
        throw new AppError(elsewhere ? ErrorCode.GiftCodeUnavailable : ErrorCode.GiftCodeInvalid);
      }
      const deposited =
        found.depositRequired && isAsset(found.asset)
          ? await deps.hasDeposited(session.projectId, session.userId, found.asset)
          : true;
      // The redeemer's devices are recorded (committed) before the code's lock is taken, so a second
      // account on the same device redeeming in parallel finds them once the first redemption commits.
      await repo.saveDevices(
        repo.db,
        session.projectId,
        session.userId,
        await deps.sessionDevices(session.userId),
        clock.now(),
      );
      try {
        return await redeemLocked(session, code, ip, registered, deposited);
      } catch (error) {
        if (!(error instanceof SharedDevice)) throw error;
        // The per-player limit counts the accounts of one device as one player: refused, and a case
        // opened for the console (one open case per player).
        await repo.transaction((tx) =>
          deps.openCase(tx, {
            projectId: session.projectId,
            rule: 'reward_abuse',
            subjectType: 'player',
            subjectId: String(session.userId),
            details: {
              reward: 'gift_code',
              codeId: error.codeId,
              reasons: ['same_device'],
              sharedWith: error.sharedWith,
            },
            at: clock.now(),
          }),
        );
        throw new AppError(ErrorCode.GiftCodeLimit);
      }
    },

    /** Console: a page of the project's codes, newest first (search: part of the code). */
    async list(session: Session, query: { q?: string; cursor?: string; count: number }) {
      if (session.staffRole !== 'admin') throw noPermission();
      const count = Math.min(query.count, PAGE_MAX);
      const rows = await repo.listCodes(repo.db, {
        projectId: session.projectId,
        search: query.q ? query.q.toUpperCase() : null,
        beforeId: query.cursor ? Number(query.cursor) : null,
        count: count + 1,
      });
      const page = rows.slice(0, count);
      return {
        items: page.map(codeWire),
        nextCursor: rows.length > count && page.length > 0 ? String(page[page.length - 1]!.id) : null,
      };
    },

    /** Console: deactivates a code (redemptions answer 8011 after); again is a no-op. */
    async deactivate(session: Session, id: number, ip = '') {
      if (session.staffRole !== 'admin') throw noPermission();
      await repo.transaction(async (tx) => {
        const found = await repo.codeById(tx, session.projectId, id);
        if (!found) throw notFound('gift code');
        if (await repo.deactivate(tx, session.projectId, id, session.userId, clock.now()))
          await writeAudit(tx, {
            projectId: session.projectId,
            actorId: session.userId,
            action: 'rewards.gift_code.deactivate',
            objectType: 'gift_code',
            objectId: String(id),
            after: { active: false },
            ip,
          });
      });
      const row = await repo.codeById(repo.db, session.projectId, id);
      return codeWire(row!);
    },

    /** Console: a code's redemptions, newest first. */
    async redemptions(session: Session, id: number, query: { cursor?: string; count: number }) {
      if (session.staffRole !== 'admin') throw noPermission();
      const found = await repo.codeById(repo.db, session.projectId, id);
      if (!found) throw notFound('gift code');
      const count = Math.min(query.count, PAGE_MAX);
      const rows = await repo.redemptions(repo.db, {
        codeId: id,
        beforeId: query.cursor ? Number(query.cursor) : null,
        count: count + 1,
      });
      const page = rows.slice(0, count);
      return {
        items: page.map((row) => ({
          id: row.id,
          userId: row.playerId,
          asset: row.asset as Asset,
          amount: row.amount === null ? null : formatAmount(row.amount, row.asset as Asset),
          spins: row.spins,
          createdAt: unixSeconds(row.createdAt),
        })),
        nextCursor: rows.length > count && page.length > 0 ? String(page[page.length - 1]!.id) : null,
      };
    },
  };
}
export type GiftCodes = ReturnType<typeof createGiftCodes>;
