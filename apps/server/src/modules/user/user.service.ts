import {
  ErrorCode,
  isValidNationalPhone,
  normalisePhone,
  type ProjectConfig,
  type SmsPurpose,
  type User,
} from '@payhub/contracts';
import { phoneChangedSms } from '@payhub/i18n';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { deviceName, type SessionService } from '../../platform/auth/session.service.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badParameter } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { Throttle } from '../../platform/throttle.ts';
import type { UserRepo, UserRow } from './user.repo.ts';
import type { VerificationCodeService } from './verification-code.service.ts';

/**
 * The sign-in lock (against password guessing): the 5th attempt since the last success and every
 * later one lock the account for 1 minute, doubled per further attempt, at most a day; while locked
 * every password is refused (7030), the right one included. The owner ends it with an `unlock` SMS
 * code or a password reset. Numbers without an account get the same answers from a throttle.
 */
export const LOGIN_LOCK_POLICY = { freeAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 24 * 3_600_000 };
const UNKNOWN_PHONE_WINDOW_MS = 15 * 60_000;
/** SMS codes per device (the client_id header, else the client address) per hour, any phone. */
export const SMS_SENDS_PER_DEVICE_PER_HOUR = 10;
const UPLOAD_URL = /^\/uploads\/[A-Za-z0-9_-]{8,64}\.(png|jpg|webp)$/;

/** The promoter behind a share code and the group they work in. */
export interface ShareCodeOwner {
  promoterId: number;
  groupId: number;
}

/**
 * Registration with a promoter's share code (the promo data center, docs/promo.md): `resolve`
 * refuses an unknown code (7003) before the account exists; `registered` counts it afterwards.
 */
export interface ShareCodeHook {
  resolve(projectId: number, code: string): Promise<ShareCodeOwner>;
  registered(registration: {
    projectId: number;
    playerId: number;
    phone: string;
    owner: ShareCodeOwner;
    at: Date;
  }): Promise<void>;
}

/** Who asks for an SMS code: the device (client_id header) and the client address. */
export interface CodeCaller {
  clientId: string | undefined;
  ip: string;
}

export interface UserServiceOptions {
  repo: UserRepo;
  sessions: SessionService;
  codes: VerificationCodeService;
  throttle: Throttle;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
  shareCodes?: ShareCodeHook;
  /** Two-step verification at sign-in (the two-factor service): nothing when off, else 7045/7046/7047. */
  secondFactor?: { require(userId: number, code: string | undefined): Promise<void> };
  /** A sign-in from a device the account never used (issue 14): tell the player (inbox and email). */
  onNewDevice?: (signIn: {
    userId: number;
    projectId: number;
    email: string | null;
    device: string;
    ip: string;
    at: Date;
    language: string;
  }) => Promise<void>;
  invites?: InviteHook;
}

/** Rewards' invite codes (issue 17): checked before the account exists, bound once it does. */
export interface InviteHook {
  exists(projectId: number, inviteCode: string): Promise<boolean>;
  bind(playerId: number, projectId: number, inviteCode: string): Promise<void>;
}

export function createUserService({
  repo,
  sessions,
  codes,
  throttle,
  clock,
  projectById,
  shareCodes,
  secondFactor,
  onNewDevice,
  invites,
}: UserServiceOptions) {
  function toUser(row: UserRow): User {
    const project = projectById(row.projectId);
    return {
      id: row.id,
      projectId: row.projectId,
      phone: row.phone,
      whatsApp: `+${project?.countryCode ?? ''}${row.phone}`,
      nickname: row.nickname,
      email: row.email,
      avatar: row.avatar,
      phoneVerified: row.phoneVerifiedAt !== null,
      staffRole: row.staffRole === 'admin' ? 'admin' : null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  /** The national number for this project, or code 3 naming the field. */
  function nationalPhone(project: ProjectConfig, raw: string): string {
    const phone = normalisePhone(raw, project.locale);
    if (!isValidNationalPhone(phone, project.locale))
      throw badParameter('phone: not a valid number for this project');
    return phone;
  }

  async function requireUser(session: Session): Promise<UserRow> {
    const row = await repo.byId(session.userId);
    if (!row) throw new AppError(ErrorCode.TokenInvalid);
    return row;
  }

  /**
   * Checks a password of an existing account under the sign-in lock: the attempt is claimed in the
   * database first (7030 while locked), a right password clears the count.
   */
  async function checkPassword(row: UserRow, password: string): Promise<boolean> {
    if (!(await repo.claimLoginAttempt(row.id, clock.now(), LOGIN_LOCK_POLICY))) {
      throw new AppError(ErrorCode.AccountLocked);
    }
    const valid = await verifyPassword(password, row.passwordHash);
    if (valid) await repo.clearLoginFailures(row.id);
    return valid;
  }

  /** The per-device send limit: the app's client id, or the address of a caller without one. */
  async function countDeviceSend(caller: CodeCaller) {
    const device = caller.clientId ? `client:${caller.clientId}` : `address:${caller.ip}`;
    if (!(await throttle.hit(`sms-device:${device}`, SMS_SENDS_PER_DEVICE_PER_HOUR, 3_600_000))) {
      throw new AppError(ErrorCode.CodeSendLimit);
    }
  }

  return {
    toUser,
    nationalPhone,

    /** The console's player search (the console checks the staff member's grant first). */
    findForStaff: (query: { projectId: number; q?: string | undefined; before?: number; limit: number }) =>
      repo.search(query),
    /** One account of the project as the console shows it; null when absent or of another project. */
    async profileForStaff(projectId: number, userId: number) {
      const row = await repo.byId(userId);
      if (!row || row.projectId !== projectId) return null;
      return { userId: row.id, phone: row.phone, nickname: row.nickname, createdAt: row.createdAt };
    },

    /** A password check of the account under the sign-in lock (7030 while locked), for re-authentication. */
    async passwordMatches(userId: number, password: string): Promise<boolean> {
      const row = await repo.byId(userId);
      return row !== null && (await checkPassword(row, password));
    },

    /**
     * Register codes go to numbers without an account (7017 otherwise: the one answer sign-up
     * must give). Reset, unlock and verify codes go only to registered numbers, and the answer
     * is the same either way (docs/decisions.md, "SMS codes reveal no more than sign-up").
     */
    async sendCode(project: ProjectConfig, rawPhone: string, purpose: SmsPurpose, caller: CodeCaller) {
      const phone = nationalPhone(project, rawPhone);
      await countDeviceSend(caller);
      const existing = await repo.byPhone(project.projectId, phone);
      if (purpose === 'register') {
        if (existing) throw new AppError(ErrorCode.PhoneExists);
        return codes.send(project, phone, purpose);
      }
      return codes.send(project, phone, purpose, { deliver: existing !== null });
    },

    /** Signed in: a verify code to the phone the account is to move to (not another account's). */
    async sendNewPhoneCode(session: Session, project: ProjectConfig, rawPhone: string, caller: CodeCaller) {
      const current = await requireUser(session);
      const phone = nationalPhone(project, rawPhone);
      await countDeviceSend(caller);
      if (phone !== current.phone && (await repo.byPhone(current.projectId, phone))) {
        throw new AppError(ErrorCode.PhoneExists);
      }
      return codes.send(project, phone, 'verify');
    },

    async register(
      project: ProjectConfig,
      input: {
        phone: string;
        password: string;
        code: string;
        nickname?: string | undefined;
        shareCode?: string | undefined;
        inviteCode?: string | undefined;
      },
      clientId: string | undefined,
    ) {
      const phone = nationalPhone(project, input.phone);
      if (await repo.byPhone(project.projectId, phone)) throw new AppError(ErrorCode.PhoneExists);
      const owner =
        input.shareCode && shareCodes ? await shareCodes.resolve(project.projectId, input.shareCode) : null;
      // Rewards (issue 17): an unknown invite code refuses the registration before anything is created.
      if (input.inviteCode && invites && !(await invites.exists(project.projectId, input.inviteCode)))
        throw new AppError(ErrorCode.InvalidInviteCode);
      await codes.consume(project.projectId, phone, 'register', input.code);
      const created = await repo.create({
        projectId: project.projectId,
        phone,
        passwordHash: await hashPassword(input.password),
        nickname: input.nickname ?? `User${phone.slice(-4)}`,
        verifiedAt: clock.now(),
      });
      if (!created) throw new AppError(ErrorCode.PhoneExists);
      if (owner && shareCodes) {
        await shareCodes.registered({
          projectId: project.projectId,
          playerId: created.id,
          phone,
          owner,
          at: clock.now(),
        });
      }
      if (input.inviteCode && invites) await invites.bind(created.id, project.projectId, input.inviteCode);
      const token = await sessions.create(created.id, project.projectId, clientId);
      return { token, user: toUser(created) };
    },

    async login(
      project: ProjectConfig,
      input: { phone: string; password: string; otp?: string | undefined },
      clientId: string | undefined,
      device?: { ip: string; userAgent?: string | undefined; language: string },
    ) {
      const phone = normalisePhone(input.phone, project.locale);
      const row = isValidNationalPhone(phone, project.locale)
        ? await repo.byPhone(project.projectId, phone)
        : null;
      if (!row) {
        // No account: the same answers, in the same time, as an account's lock would give (a lock
        // refuses before hashing, anything else hashes), so they reveal nothing.
        const failureKey = `login:${project.projectId}:${phone}`;
        if (!(await throttle.hit(failureKey, LOGIN_LOCK_POLICY.freeAttempts, UNKNOWN_PHONE_WINDOW_MS))) {
          throw new AppError(ErrorCode.AccountLocked);
        }
        await verifyPassword(input.password, await DUMMY_HASH_PROMISE);
        throw new AppError(ErrorCode.InvalidPhoneOrPassword);
      }
      if (!(await checkPassword(row, input.password))) throw new AppError(ErrorCode.InvalidPhoneOrPassword);
      await secondFactor?.require(row.id, input.otp);
      const newDevice = device && onNewDevice ? await sessions.isNewDevice(row.id, clientId, device) : false;
      const token = await sessions.create(row.id, project.projectId, clientId, device);
      if (newDevice && device && onNewDevice)
        await onNewDevice({
          userId: row.id,
          projectId: row.projectId,
          email: row.email,
          device: deviceName(device.userAgent),
          ip: device.ip,
          at: clock.now(),
          language: device.language,
        });
      return { token, user: toUser(row) };
    },

    /**
     * The question sign-up answers anyway (7017), so it draws on the same per-device budget as a
     * register code: asking it costs an enumerator as much as asking sign-up.
     */
    async checkPhone(project: ProjectConfig, rawPhone: string, caller: CodeCaller) {
      const phone = nationalPhone(project, rawPhone);
      await countDeviceSend(caller);
      return { registered: (await repo.byPhone(project.projectId, phone)) !== null };
    },

    async resetPassword(
      project: ProjectConfig,
      input: { phone: string; code: string; password: string },
      ip: string,
    ) {
      const phone = nationalPhone(project, input.phone);
      // The code first: a number without an account has no code that matches, so it answers 2002
      // like a wrong code and the reset path does not tell registered numbers apart.
      await codes.consume(project.projectId, phone, 'reset', input.code);
      const row = await repo.byPhone(project.projectId, phone);
      if (!row) throw new AppError(ErrorCode.CodeInvalid);
      await repo.setPassword(row.id, await hashPassword(input.password), {
        projectId: project.projectId,
        actorId: row.id,
        action: 'user.password.reset',
        objectType: 'user',
        objectId: String(row.id),
        ip,
      });
      await sessions.revokeAllOfUser(row.id);
      return { ok: true as const };
    },

    /** Ends a sign-in lock with an `unlock` code; the password is unchanged. */
    async unlock(project: ProjectConfig, input: { phone: string; code: string }) {
      const phone = nationalPhone(project, input.phone);
      await codes.consume(project.projectId, phone, 'unlock', input.code);
      const row = await repo.byPhone(project.projectId, phone);
      if (!row) throw new AppError(ErrorCode.CodeInvalid);
      await repo.clearLoginFailures(row.id);
      return { ok: true as const };
    },

    /** Signed in: a new password against the current one (under the sign-in lock); other sessions end. */
    async changePassword(session: Session, input: { currentPassword: string; password: string }, ip: string) {
      const row = await requireUser(session);
      if (!(await checkPassword(row, input.currentPassword))) throw new AppError(ErrorCode.PasswordError);
      await repo.setPassword(row.id, await hashPassword(input.password), {
        projectId: row.projectId,
        actorId: row.id,
        action: 'user.password.change',
        objectType: 'user',
        objectId: String(row.id),
        ip,
      });
      await sessions.revokeAllOfUser(row.id, { except: session });
      return { ok: true as const };
    },

    async me(session: Session) {
      return toUser(await requireUser(session));
    },

    async update(
      session: Session,
      changes: {
        nickname?: string | undefined;
        avatar?: string | null | undefined;
      },
    ) {
      if (changes.avatar && !UPLOAD_URL.test(changes.avatar))
        throw badParameter('avatar: must be an uploaded image URL');
      const updated = await repo.update(session.userId, {
        ...(changes.nickname !== undefined && { nickname: changes.nickname }),
        ...(changes.avatar !== undefined && { avatar: changes.avatar }),
      });
      if (!updated) throw new AppError(ErrorCode.TokenInvalid);
      return toUser(updated);
    },

    /**
     * Verifies the caller's phone with a 'verify' code, or moves the account to a new phone: that
     * needs the code sent to the new phone and the current password (a stolen session alone cannot
     * take the account over), and the old phone is told.
     */
    async verifyPhone(
      session: Session,
      project: ProjectConfig,
      input: { phone: string; code: string; password?: string | undefined },
      ip: string,
    ) {
      const current = await requireUser(session);
      const phone = nationalPhone(project, input.phone);
      const moving = phone !== current.phone;
      if (moving) {
        if (await repo.byPhone(current.projectId, phone)) throw new AppError(ErrorCode.PhoneExists);
        if (input.password === undefined) {
          throw badParameter('password: the current password is needed to move the account to another phone');
        }
        if (!(await checkPassword(current, input.password))) throw new AppError(ErrorCode.PasswordError);
      }
      await codes.consume(current.projectId, phone, 'verify', input.code);
      let updated: UserRow | null;
      try {
        updated = await repo.changePhone(current.id, phone, clock.now(), {
          projectId: current.projectId,
          actorId: current.id,
          action: moving ? 'user.phone.change' : 'user.phone.verify',
          objectType: 'user',
          objectId: String(current.id),
          ip,
        });
      } catch {
        // The unique (project, phone) index lost a race with a registration of the same phone.
        throw new AppError(ErrorCode.PhoneExists);
      }
      if (moving) {
        const owner = projectById(current.projectId) ?? project;
        await codes.notice(owner, current.phone, phoneChangedSms(owner.locale, phone.slice(-4)));
      }
      return toUser(updated ?? current);
    },

    logout: (session: Session) => sessions.revoke(session).then(() => ({ ok: true as const })),
  };
}
export type UserService = ReturnType<typeof createUserService>;
