import type { Locale, ProjectConfig } from '@payhub/contracts';

/** Who is calling: the session behind a valid `main_token`. */
export interface Session {
  userId: number;
  projectId: number;
  tokenHash: string;
  expiresAt: Date;
  staffRole: 'admin' | null;
}

/** Resolves a `main_token` header into a session, or throws 1 (absent/expired) or 707 (invalid). */
export interface Authenticator {
  authenticate(token: string | undefined): Promise<Session>;
}

/** Resolves the project a request is for (header `projectId`, cookie `projectId`, default 12). */
export interface ProjectResolver {
  resolve(requested: string | undefined): Promise<ProjectConfig>;
}

export interface CallContext {
  project: ProjectConfig;
  language: Locale;
  ip: string;
  clientId: string | undefined;
  /** The User-Agent header (at most 200 characters): the device a session shows. */
  userAgent?: string | undefined;
  idempotencyKey: string | undefined;
}

export interface SecureCallContext extends CallContext {
  session: Session;
}
