import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type CodePurpose, ErrorCode } from '@payhub/contracts';
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
    async send(project: { projectId: number; countryCode: string }, phone: string, purpose: CodePurpose) {
      const now = clock.now();
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await repo.withPhoneLock(project.projectId, phone, async (tx) => {
        const lastHour = await tx.recentSends(new Date(now.getTime() - 3_600_000));
        if (lastHour.latest && now.getTime() - lastHour.latest.getTime() < RESEND_INTERVAL_MS) {
          throw new AppError(ErrorCode.CodeSentTooOften);
        }
        if (lastHour.count >= MAX_SENDS_PER_HOUR) throw new AppError(ErrorCode.CodeSendLimit);
        await tx.insert({
          purpose,
          codeHash: hashCode(project.projectId, phone, purpose, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        });
      });
      await sms.send({
        projectId: project.projectId,
        phone,
        countryCode: project.countryCode,
        text: `Payhub: ${code}`,
      });
      devOutbox?.set(`${project.projectId}:${phone}:${purpose}`, {
        code,
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      });
      return { expiresInSeconds: CODE_TTL_MS / 1000, resendAfterSeconds: RESEND_INTERVAL_MS / 1000 };
    },

    /** Checks and consumes the latest code: 7016 when expired, 2002 when wrong, used or exhausted. */
    async consume(projectId: number, phone: string, purpose: CodePurpose, code: string): Promise<void> {
      const row = await repo.latestCode(projectId, phone, purpose);
      const now = clock.now();
      if (!row || row.attempts >= MAX_ATTEMPTS) throw new AppError(ErrorCode.CodeInvalid);
      if (row.expiresAt <= now) throw new AppError(ErrorCode.CodeExpired);
      const expected = hashCode(projectId, phone, purpose, code);
      if (!timingSafeEqual(expected, row.codeHash)) {
        await repo.countAttempt(row.id);
        throw new AppError(ErrorCode.CodeInvalid);
      }
      if (!(await repo.consumeCode(row.id, now))) throw new AppError(ErrorCode.CodeInvalid);
    },

    devLatest(projectId: number, phone: string, purpose: CodePurpose) {
      return devOutbox?.get(`${projectId}:${phone}:${purpose}`) ?? null;
    },
  };
}
export type VerificationCodeService = ReturnType<typeof createVerificationCodeService>;
