import {
  ErrorCode,
  isValidNationalPhone,
  normalisePhone,
  type ProjectConfig,
  type SmsPurpose,
  type User,
} from '@payhub/contracts';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import type { SessionService } from '../../platform/auth/session.service.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, badParameter } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { Throttle } from '../../platform/throttle.ts';
import type { UserRepo, UserRow } from './user.repo.ts';
import type { VerificationCodeService } from './verification-code.service.ts';

/** Wrong passwords per phone before sign-in pauses for the window (against password guessing). */
const LOGIN_FAILURES_MAX = 10;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
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

export interface UserServiceOptions {
  repo: UserRepo;
  sessions: SessionService;
  codes: VerificationCodeService;
  throttle: Throttle;
  clock: Clock;
  projectById: (id: number) => ProjectConfig | undefined;
  shareCodes?: ShareCodeHook;
}

export function createUserService({
  repo,
  sessions,
  codes,
  throttle,
  clock,
  projectById,
  shareCodes,
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

  return {
    toUser,
    nationalPhone,

    async sendCode(project: ProjectConfig, rawPhone: string, purpose: SmsPurpose) {
      const phone = nationalPhone(project, rawPhone);
      const existing = await repo.byPhone(project.projectId, phone);
      if (purpose === 'register' && existing) throw new AppError(ErrorCode.PhoneExists);
      if (purpose === 'reset' && !existing) throw new AppError(ErrorCode.PhoneNotRegistered);
      return codes.send(project, phone, purpose);
    },

    async register(
      project: ProjectConfig,
      input: {
        phone: string;
        password: string;
        code: string;
        nickname?: string | undefined;
        shareCode?: string | undefined;
      },
      clientId: string | undefined,
    ) {
      const phone = nationalPhone(project, input.phone);
      if (await repo.byPhone(project.projectId, phone)) throw new AppError(ErrorCode.PhoneExists);
      const owner =
        input.shareCode && shareCodes ? await shareCodes.resolve(project.projectId, input.shareCode) : null;
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
      const token = await sessions.create(created.id, project.projectId, clientId);
      return { token, user: toUser(created) };
    },

    async login(
      project: ProjectConfig,
      input: { phone: string; password: string },
      clientId: string | undefined,
    ) {
      const phone = normalisePhone(input.phone, project.locale);
      const failureKey = `login:${project.projectId}:${phone}`;
      const row = isValidNationalPhone(phone, project.locale)
        ? await repo.byPhone(project.projectId, phone)
        : null;
      const valid = await verifyPassword(input.password, row?.passwordHash ?? (await DUMMY_HASH_PROMISE));
      if (!row || !valid) {
        if (!(await throttle.hit(failureKey, LOGIN_FAILURES_MAX, LOGIN_FAILURE_WINDOW_MS))) {
          throw new AppError(ErrorCode.TooFrequent);
        }
        throw new AppError(ErrorCode.InvalidPhoneOrPassword);
      }
      await throttle.reset(failureKey);
      const token = await sessions.create(row.id, project.projectId, clientId);
      return { token, user: toUser(row) };
    },

    async checkPhone(project: ProjectConfig, rawPhone: string) {
      const phone = nationalPhone(project, rawPhone);
      return { registered: (await repo.byPhone(project.projectId, phone)) !== null };
    },

    async resetPassword(
      project: ProjectConfig,
      input: { phone: string; code: string; password: string },
      ip: string,
    ) {
      const phone = nationalPhone(project, input.phone);
      const row = await repo.byPhone(project.projectId, phone);
      if (!row) throw new AppError(ErrorCode.PhoneNotRegistered);
      await codes.consume(project.projectId, phone, 'reset', input.code);
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

    async me(session: Session) {
      return toUser(await requireUser(session));
    },

    async update(
      session: Session,
      changes: {
        nickname?: string | undefined;
        email?: string | null | undefined;
        avatar?: string | null | undefined;
      },
    ) {
      if (changes.avatar && !UPLOAD_URL.test(changes.avatar))
        throw badParameter('avatar: must be an uploaded image URL');
      const updated = await repo.update(session.userId, {
        ...(changes.nickname !== undefined && { nickname: changes.nickname }),
        ...(changes.email !== undefined && { email: changes.email }),
        ...(changes.avatar !== undefined && { avatar: changes.avatar }),
      });
      if (!updated) throw new AppError(ErrorCode.TokenInvalid);
      return toUser(updated);
    },

    /** Verifies the caller's phone, or moves the account to a new phone, with a 'verify' code. */
    async verifyPhone(session: Session, project: ProjectConfig, input: { phone: string; code: string }) {
      const current = await requireUser(session);
      const phone = nationalPhone(project, input.phone);
      if (phone !== current.phone && (await repo.byPhone(current.projectId, phone))) {
        throw new AppError(ErrorCode.PhoneExists);
      }
      await codes.consume(current.projectId, phone, 'verify', input.code);
      try {
        const updated = await repo.update(current.id, { phone, phoneVerifiedAt: clock.now() });
        return toUser(updated ?? current);
      } catch {
        // The unique (project, phone) index lost a race with a registration of the same phone.
        throw new AppError(ErrorCode.PhoneExists);
      }
    },

    logout: (session: Session) => sessions.revoke(session).then(() => ({ ok: true as const })),
  };
}
export type UserService = ReturnType<typeof createUserService>;
