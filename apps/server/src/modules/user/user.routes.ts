import { contracts } from '@payhub/contracts';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { type BindDeps, bindEndpoint } from '../../platform/http/bind-endpoint.ts';
import type { UserService } from './user.service.ts';
import type { VerificationCodeService } from './verification-code.service.ts';

export function registerUserRoutes(
  app: FastifyInstance,
  /** `accountCallsPerMinute`: public account calls are cheap to abuse; they get a tight per-address limit (ACCOUNT_RATE_LIMIT_PER_MINUTE). */
  deps: BindDeps & { production: boolean; accountCallsPerMinute: number },
  users: UserService,
  codes: VerificationCodeService,
): void {
  const tight = { rateLimitPerMinute: deps.accountCallsPerMinute };
  const endpoints = contracts.user;
  bindEndpoint(app, deps, endpoints.me, async ({ context }) => users.me(context.session));
  bindEndpoint(app, deps, endpoints.update, async ({ context, body }) => users.update(context.session, body));
  bindEndpoint(
    app,
    deps,
    endpoints.sendCode,
    async ({ context, query }) => users.sendCode(context.project, query.phone, query.purpose, context),
    tight,
  );
  bindEndpoint(
    app,
    deps,
    endpoints.sendNewPhoneCode,
    async ({ context, body }) =>
      users.sendNewPhoneCode(context.session, context.project, body.phone, context),
    tight,
  );
  bindEndpoint(app, deps, endpoints.verifyPhone, async ({ context, body }) =>
    users.verifyPhone(context.session, context.project, body, context.ip),
  );
  bindEndpoint(
    app,
    deps,
    endpoints.register,
    async ({ context, body }) => users.register(context.project, body, context.clientId),
    tight,
  );
  bindEndpoint(
    app,
    deps,
    endpoints.login,
    async ({ context, body }) =>
      users.login(context.project, body, context.clientId, {
        ip: context.ip,
        userAgent: context.userAgent,
        language: context.language,
      }),
    tight,
  );
  bindEndpoint(
    app,
    deps,
    endpoints.resetPassword,
    async ({ context, body }) => users.resetPassword(context.project, body, context.ip),
    tight,
  );
  bindEndpoint(
    app,
    deps,
    endpoints.unlock,
    async ({ context, body }) => users.unlock(context.project, body),
    tight,
  );
  bindEndpoint(
    app,
    deps,
    endpoints.changePassword,
    async ({ context, body }) => users.changePassword(context.session, body, context.ip),
    tight,
  );
  bindEndpoint(
    app,
    deps,
    endpoints.checkPhone,
    async ({ context, body }) => users.checkPhone(context.project, body.phone, context),
    tight,
  );
  bindEndpoint(app, deps, endpoints.logout, async ({ context }) => users.logout(context.session));

  if (!deps.production) {
    bindEndpoint(app, deps, endpoints.devLatestCode, async ({ context, query }) => {
      const phone = users.nationalPhone(context.project, query.phone);
      const latest = codes.devLatest(context.project.projectId, phone, query.purpose);
      if (!latest) throw notFound('no code sent to this phone');
      return { code: latest.code, expiresAt: latest.expiresAt.toISOString() };
    });
  }
}
