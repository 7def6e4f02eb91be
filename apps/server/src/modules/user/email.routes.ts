import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { CapturedMail } from '../../platform/mail/mailer.ts';
import type { EmailService } from './email.service.ts';

const EMAIL_CALLS_PER_MINUTE = 30;

export function registerEmailRoutes(
  app: FastifyInstance,
  deps: BindDeps & {
    /** The embedded SMTP capture's reader (development and tests only). */
    capture?: { latestTo(address: string): CapturedMail | null } | undefined;
  },
  emails: EmailService,
): void {
  const tight = { rateLimitPerMinute: EMAIL_CALLS_PER_MINUTE };
  const endpoints = contracts.email;
  bindEndpoint(
    app,
    deps,
    endpoints.sendCode,
    async ({ context, body }) => emails.sendCode(context.session, body.email, context.language),
    tight,
  );
  bindEndpoint(
    app,
    deps,
    endpoints.bind,
    async ({ context, body }) => emails.bind(context.session, body, context.ip),
    tight,
  );
  const capture = deps.capture;
  if (capture) {
    bindEndpoint(app, deps, endpoints.devLatestMail, async ({ query }) => {
      const mail = capture.latestTo(query.to);
      if (!mail) throw notFound('no mail to this address');
      return {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        language: mail.language,
        receivedAt: mail.receivedAt.toISOString(),
      };
    });
  }
}
