import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { type CodePurpose, ErrorCode } from '@payhub/contracts';
import { codeSms } from '@payhub/i18n';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import type { UserRepo } from './user.repo.ts';

export const CODE_TTL_MS = 5 * 60_000;
/** One code per phone per minute (2001); at most 5 per phone per hour (7028). */
export const RESEND_INTERVAL_MS = 60_000;
export const MAX_SENDS_PER_HOUR = 5;
/** A code dies after this many wrong guesses. */
export const MAX_ATTEMPTS = 5;

export interface VerificationCodeOptions {
  repo: UserRepo;
  clock: Clock;
  sms: SmsSender;
  secret: string;
  /** Keeps the last plain code per phone for the dev-only endpoint; absent in production. */
  devOutbox?: Map<string, { code: string; expiresAt: Date }>;
}

export function createVerificationCodeService({
  repo,
  clock,
  sms,
  secret,
  devOutbox,
}: VerificationCodeOptions) {
  // Codes are stored as an HMAC keyed by a server secret, never in plain text.
  const hashCode = (projectId: number, phone: string, purpose: string, code: string) =>
    createHmac('sha256', secret).update(`${projectId}:${phone}:${purpose}:${code}`).digest();

  return {
    /**
     * Records a code for the phone under the per-phone throttle and sends it. With `deliver: false`
     * (a reset or unlock for a number with no account) the same row is recorded, so the throttle
     * and the answer are the same, but its hash matches no code and no SMS leaves: the caller
     * cannot tell a registered number from another, and nobody is texted who has no account.
     */
    async send(
      project: { projectId: number; countryCode: string; locale?: string },
      phone: string,
      purpose: CodePurpose,
      options: { deliver: boolean } = { deliver: true },
    ) {
      const now = clock.now();
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await repo.withPhoneLock(project.projectId, phone, async (tx) => {
        const lastHour = await tx.recentSends(new Date(now.getTime() - 3_600_000), 'sms');
        if (lastHour.latest && now.getTime() - lastHour.latest.getTime() < RESEND_INTERVAL_MS) {
          throw new AppError(ErrorCode.CodeSentTooOften);
        }
        if (lastHour.count >= MAX_SENDS_PER_HOUR) throw new AppError(ErrorCode.CodeSendLimit);
        await tx.insert({
          purpose,
          codeHash: options.deliver
            ? hashCode(project.projectId, phone, purpose, code)
            : createHmac('sha256', secret).update(randomBytes(32)).digest(),
          createdAt: now,
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        });
      });
      if (options.deliver) {
        await sms.send({
          projectId: project.projectId,
          phone,
          countryCode: project.countryCode,
          // In the project's language (issue 11).
          text: codeSms(project.locale, code),
        });
        devOutbox?.set(`${project.projectId}:${phone}:${purpose}`, {
          code,
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        });
      }
      return { expiresInSeconds: CODE_TTL_MS / 1000, resendAfterSeconds: RESEND_INTERVAL_MS / 1000 };
    },

    /** A text to the account's phone that is not a code (e.g. the notice that the phone changed). */
    async notice(project: { projectId: number; countryCode: string }, phone: string, text: string) {
      await sms.send({ projectId: project.projectId, phone, countryCode: project.countryCode, text });
    },

    /**
     * Checks and consumes the latest code: 7016 when expired, 2002 when wrong, used or exhausted.
     * Each guess first claims one of the code's attempts in the database (one guarded UPDATE), so
     * a parallel burst gets exactly as many guesses as a sequence.
     */
    async consume(projectId: number, phone: string, purpose: CodePurpose, code: string): Promise<void> {
      const row = await repo.latestCode(projectId, phone, purpose);
      const now = clock.now();
      if (!row || row.attempts >= MAX_ATTEMPTS) throw new AppError(ErrorCode.CodeInvalid);
      if (row.expiresAt <= now) throw new AppError(ErrorCode.CodeExpired);
      if (!(await repo.claimCodeAttempt(row.id, MAX_ATTEMPTS))) throw new AppError(ErrorCode.CodeInvalid);
      const expected = hashCode(projectId, phone, purpose, code);
      if (!timingSafeEqual(expected, row.codeHash)) throw new AppError(ErrorCode.CodeInvalid);
      if (!(await repo.consumeCode(row.id, now))) throw new AppError(ErrorCode.CodeInvalid);
    },

    devLatest(projectId: number, phone: string, purpose: CodePurpose) {
      return devOutbox?.get(`${projectId}:${phone}:${purpose}`) ?? null;
    },
  };
}
export type VerificationCodeService = ReturnType<typeof createVerificationCodeService>;
