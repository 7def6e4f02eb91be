import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { ErrorCode, type User } from '@payhub/contracts';
import { emailCodeMail } from '@payhub/i18n';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { EMAIL_CODE_PURPOSE, type UserRepo, type UserRow } from './user.repo.ts';
import { MAX_ATTEMPTS, MAX_SENDS_PER_HOUR, RESEND_INTERVAL_MS } from './verification-code.service.ts';

export const EMAIL_CODE_TTL_MS = 10 * 60_000;
const PURPOSE = EMAIL_CODE_PURPOSE;

export interface EmailDeps {
  repo: UserRepo;
  clock: Clock;
  secret: string;
  /** null: no mail transport (production without SMTP_URL): binding answers 777. */
  mailer: Mailer | null;
  /** Two-step verification when it is on (changing the email needs it). */
  secondFactor: (userId: number, code: string | undefined) => Promise<void>;
  /** The wire form of an account (the user service). */
  toUser: (row: UserRow) => User;
}

/**
 * Binding an email address to the account (issue 14): a 6-digit code is mailed (real SMTP, in the
 * caller's language) to the address, and the address is bound with that code. Codes live with the
 * account's SMS codes (same throttle: one a minute, five an hour, five guesses), and the stored
 * HMAC names the address, so a code binds only the address it was sent to.
 */
export function createEmailService(deps: EmailDeps) {
  const { repo, clock } = deps;
  const hashCode = (projectId: number, phone: string, email: string, code: string) =>
    createHmac('sha256', deps.secret).update(`${projectId}:${phone}:${PURPOSE}:${email}:${code}`).digest();

  async function requireUser(session: Session) {
    const row = await repo.byId(session.userId);
    if (!row) throw new AppError(ErrorCode.TokenInvalid);
    return row;
  }

  return {
    async sendCode(session: Session, rawEmail: string, language: string) {
      if (!deps.mailer) throw new AppError(ErrorCode.ContactSupport, 'email is not configured');
      const user = await requireUser(session);
      const email = rawEmail.toLowerCase();
      const now = clock.now();
      const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
      await repo.withPhoneLock(user.projectId, user.phone, async (tx) => {
        const lastHour = await tx.recentSends(new Date(now.getTime() - 3_600_000), 'email');
        if (lastHour.latest && now.getTime() - lastHour.latest.getTime() < RESEND_INTERVAL_MS)
          throw new AppError(ErrorCode.CodeSentTooOften);
        if (lastHour.count >= MAX_SENDS_PER_HOUR) throw new AppError(ErrorCode.CodeSendLimit);
        await tx.insert({
          purpose: PURPOSE,
          codeHash: hashCode(user.projectId, user.phone, email, code),
          createdAt: now,
          expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
        });
      });
      const mail = emailCodeMail(language, code, EMAIL_CODE_TTL_MS / 60_000);
      await deps.mailer.send({ to: email, subject: mail.subject, text: mail.text, language: mail.language });
      return { expiresInSeconds: EMAIL_CODE_TTL_MS / 1000, resendAfterSeconds: RESEND_INTERVAL_MS / 1000 };
    },

    /** Binds (or changes, with two-step verification when on) the account's email with its code. */
    async bind(
      session: Session,
      input: { email: string; code: string; otp?: string | undefined },
      ip: string,
    ) {
      const user = await requireUser(session);
      const email = input.email.toLowerCase();
      await deps.secondFactor(user.id, input.otp);
      const row = await repo.latestCode(user.projectId, user.phone, PURPOSE);
      const now = clock.now();
      if (!row || row.attempts >= MAX_ATTEMPTS) throw new AppError(ErrorCode.CodeInvalid);
      if (row.expiresAt <= now) throw new AppError(ErrorCode.CodeExpired);
      if (!(await repo.claimCodeAttempt(row.id, MAX_ATTEMPTS))) throw new AppError(ErrorCode.CodeInvalid);
      if (!timingSafeEqual(hashCode(user.projectId, user.phone, email, input.code), row.codeHash))
        throw new AppError(ErrorCode.CodeInvalid);
      if (!(await repo.consumeCode(row.id, now))) throw new AppError(ErrorCode.CodeInvalid);
      const updated = await repo.setEmail(user.id, email, {
        projectId: user.projectId,
        actorId: user.id,
        action: user.email ? 'user.email.change' : 'user.email.bind',
        objectType: 'user',
        objectId: String(user.id),
        before: { email: user.email },
        after: { email },
        ip,
      });
      if (!updated) throw new AppError(ErrorCode.TokenInvalid);
      return deps.toUser(updated);
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
