import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@payhub/contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import type { TwoFactorRepo, TwoFactorRow } from './two-factor.repo.ts';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
const PERIOD_SECONDS = 30;
/** Codes of the step before and after the server's are accepted (clock drift of a phone). */
const WINDOW = 1;
export const TWO_FACTOR_THROTTLE = { maxFailures: 5, lockMs: 15 * 60_000 };
const RECOVERY_CODES = 10;
const RECOVERY_PATTERN = /^[a-z2-7]{5}-[a-z2-7]{5}$/;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

function recoveryCode(): string {
  const bytes = randomBytes(10);
  const text = Array.from(bytes, (byte) => BASE32[byte & 31]).join('');
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

export interface TwoFactorDeps {
  repo: TwoFactorRepo;
  clock: Clock;
  box: SecretBox;
  /** The account's password under the sign-in lock (the user service). */
  checkPassword(userId: number, password: string): Promise<boolean>;
  /** What the authenticator app shows as the account (the project's name and the phone's last digits). */
  labelOf(userId: number): Promise<{ issuer: string; label: string }>;
}

type Outcome = { ok: true } | { ok: false; code: number };

/**
 * TOTP two-factor sign-in (issue 14): enrolment with a QR code and a confirming code, ten hashed
 * one-time recovery codes, a code accepted once (the last accepted step is stored), ±1 step, and
 * five wrong codes lock it 15 minutes. Secrets are sealed at rest (SecretBox, AES-256-GCM).
 */
export function createTwoFactorService(deps: TwoFactorDeps) {
  const { repo, clock, box } = deps;

  function totpOf(row: TwoFactorRow, issuer = 'Payhub', label = 'player'): TOTP {
    return new TOTP({
      issuer,
      label,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
      secret: Secret.fromBase32(box.open(row.secretSealed)),
    });
  }

  /**
   * Checks a code against a row under its lock and records the outcome (its own transaction, so a
   * failure counts even though the caller then refuses): a TOTP code of step s-1..s+1 newer than
   * the last accepted step, or an unused recovery code (when `recovery`).
   */
  async function check(userId: number, code: string, options: { recovery: boolean; enabled: boolean }) {
    const outcome = await repo.transaction(
      async (tx): Promise<Outcome & { row?: TwoFactorRow; step?: number }> => {
        const row = await repo.row(tx, userId, true);
        if (!row || (row.enabledAt !== null) !== options.enabled)
          return { ok: false, code: ErrorCode.TwoFactorNotEnabled };
        const now = clock.now();
        if (row.lockedUntil && row.lockedUntil.getTime() > now.getTime())
          return { ok: false, code: ErrorCode.TwoFactorLocked };
        let step: number | null = null;
        let usedRecovery: string | null = null;
        if (/^\d{6}$/.test(code)) {
          const delta = totpOf(row).validate({ token: code, timestamp: now.getTime(), window: WINDOW });
          if (delta !== null) {
            const candidate = Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
            if (row.lastStep === null || candidate > row.lastStep) step = candidate;
          }
        } else if (options.recovery && RECOVERY_PATTERN.test(code)) {
          const hash = hashOf(code);
          const found = row.recoveryHashes.find((stored) =>
            timingSafeEqual(Buffer.from(stored, 'hex'), Buffer.from(hash, 'hex')),
          );
          if (found) usedRecovery = found;
        }
        if (step === null && usedRecovery === null) {
          const failures = row.failures + 1;
          const lock =
            failures >= TWO_FACTOR_THROTTLE.maxFailures
              ? new Date(now.getTime() + TWO_FACTOR_THROTTLE.lockMs)
              : null;
          await repo.failed(tx, userId, lock);
          return { ok: false, code: ErrorCode.TwoFactorInvalid };
        }
        await repo.accepted(tx, userId, step, usedRecovery);
        return { ok: true, row, ...(step === null ? {} : { step }) };
      },
    );
    if (!outcome.ok) throw new AppError(outcome.code);
    return outcome;
  }

  async function enabled(userId: number): Promise<boolean> {
    return (await repo.row(repo.db, userId))?.enabledAt != null;
  }

  /**
   * The second factor where a call needs one (sign-in, crypto withdrawal, address change, email
   * change, disabling): nothing when two-factor is off; otherwise 7045 without a code, 7046 for a
   * wrong or used one, 7047 while throttled. A recovery code is accepted too, once.
   */
  async function require(userId: number, code: string | undefined): Promise<void> {
    if (!(await enabled(userId))) return;
    if (code === undefined || code === '') throw new AppError(ErrorCode.TwoFactorRequired);
    await check(userId, code, { recovery: true, enabled: true });
  }

  return {
    enabled,
    require,

    async status(session: Session) {
      const row = await repo.row(repo.db, session.userId);
      return {
        enabled: row?.enabledAt != null,
        recoveryCodesLeft: row?.enabledAt != null ? row.recoveryHashes.length : 0,
      };
    },

    /** Starts enrolment (the current password first): a new secret, its otpauth URL and QR code. */
    async setup(session: Session, password: string) {
      if (!(await deps.checkPassword(session.userId, password))) throw new AppError(ErrorCode.PasswordError);
      if (await enabled(session.userId)) throw new AppError(ErrorCode.TwoFactorAlreadyEnabled);
      const secret = new Secret({ size: 20 });
      await repo.start(repo.db, session.userId, box.seal(secret.base32), clock.now());
      const { issuer, label } = await deps.labelOf(session.userId);
      const uri = new TOTP({
        issuer,
        label,
        algorithm: 'SHA1',
        digits: 6,
        period: PERIOD_SECONDS,
        secret,
      }).toString();
      return {
        secret: secret.base32,
        otpauthUrl: uri,
        qrCode: await QRCode.toDataURL(uri, { margin: 1, width: 240 }),
      };
    },

    /** Confirms enrolment with a code from the app; answers the ten recovery codes (shown once). */
    async enable(session: Session, code: string) {
      if (await enabled(session.userId)) throw new AppError(ErrorCode.TwoFactorAlreadyEnabled);
      const { step } = await check(session.userId, code, { recovery: false, enabled: false });
      const codes = Array.from({ length: RECOVERY_CODES }, recoveryCode);
      await repo.enable(repo.db, session.userId, step!, codes.map(hashOf), clock.now());
      return { recoveryCodes: codes };
    },

    /** Turns two-factor off: needs a current code (or a recovery code). */
    async disable(session: Session, code: string) {
      if (!(await enabled(session.userId))) throw new AppError(ErrorCode.TwoFactorNotEnabled);
      await check(session.userId, code, { recovery: true, enabled: true });
      await repo.remove(repo.db, session.userId);
      return { ok: true as const };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
