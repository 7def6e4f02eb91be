import { ErrorCode, UPLOAD_MAX_BYTES } from '@payhub/contracts';
import { writeAudit } from '../../platform/audit/audit.repo.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Executor } from '../../platform/db/database.ts';
import { AppError, badParameter, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { sniffImage } from '../site/site.service.ts';
import type { IdentityRepo } from './identity.repo.ts';
import type { IdentityService } from './identity.service.ts';
import type {
  IdentityDocumentRow,
  IdentityDocumentsRepo,
  IdentityImagesRow,
} from './identity-documents.repo.ts';

/** Who reviews: a staff member the console's permission table allowed, acting in one project. */
export interface Reviewer {
  userId: number;
  projectId: number;
  ip: string;
}

export interface IdentityReviewDeps {
  repo: IdentityRepo;
  documents: IdentityDocumentsRepo;
  identity: Pick<IdentityService, 'view'>;
  clock: Clock;
  /** Phone and nickname of a player (the console's queue shows them), and the bound email if any. */
  userOf: (userId: number) => Promise<{ phone: string; nickname: string; email: string | null } | null>;
  /**
   * Tells the player a decision once it is committed (app.ts composes the inbox and the mailer); a
   * failure to tell is logged, the decision stands.
   */
  tellPlayer?: (decision: IdentityDecision) => Promise<void>;
  log?: (error: unknown, message: string) => void;
}

/** A committed decision on a player's identity documents, as the player is told it. */
export interface IdentityDecision {
  projectId: number;
  userId: number;
  email: string | null;
  status: 'approved' | 'rejected';
  reason: string | null;
}

/** One uploaded file: its bytes checked (size, magic-byte type) before anything is stored. */
function checkedImage(
  field: 'document' | 'selfie',
  bytes: Buffer | undefined,
): { mime: string; bytes: Buffer } {
  if (!bytes || bytes.length === 0) throw badParameter(`${field}: missing`);
  if (bytes.length > UPLOAD_MAX_BYTES) throw badParameter(`${field}: larger than 2 MiB`);
  const kind = sniffImage(bytes);
  if (!kind) throw badParameter(`${field}: only png, jpeg or webp images`);
  return { mime: kind.mime, bytes };
}

const dataUrl = (mime: string, bytes: Buffer) => ({
  mime,
  dataUrl: `data:${mime};base64,${bytes.toString('base64')}`,
});

function imagesWire(images: IdentityImagesRow) {
  return {
    document: dataUrl(images.documentMime, images.document),
    selfie: dataUrl(images.selfieMime, images.selfie),
  };
}

/**
 * Identity tier 2 (issue 14, docs/identity.md): the player submits a photo of an ID document and a
 * selfie; compliance staff approve (tier 2) or reject with a reason the player reads, after which
 * the player may submit again. Images live in the database and are read only by their owner or by
 * staff the console allowed (each staff view an audit line, as each decision is).
 */
export function createIdentityReviewService(deps: IdentityReviewDeps) {
  const { documents, clock } = deps;

  async function consoleWire(row: IdentityDocumentRow) {
    const [user, identity] = await Promise.all([deps.userOf(row.userId), deps.repo.find(row.userId)]);
    return {
      id: row.id,
      userId: row.userId,
      phone: user?.phone ?? '',
      nickname: user?.nickname ?? '',
      fullName: identity?.fullName ?? '',
      birthDate: identity?.birthDate ?? '',
      status: row.status,
      reason: row.reason,
      submittedAt: row.submittedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decidedBy: row.decidedBy,
    };
  }

  /** The submission of the reviewer's project, locked when deciding; 404 for another project's. */
  async function inProject(reviewer: Reviewer, id: number, executor: Executor = documents.db, lock = false) {
    const row = await documents.byId(executor, id, lock);
    if (!row || row.projectId !== reviewer.projectId) throw notFound('identity documents');
    return row;
  }

  async function decide(
    reviewer: Reviewer,
    id: number,
    decision: { status: 'approved' | 'rejected'; reason: string | null },
  ) {
    const decided = await documents.transaction(async (tx) => {
      const row = await inProject(reviewer, id, tx, true);
      if (row.status !== 'pending') throw new AppError(ErrorCode.IdentityDocumentsDecided);
      // Nobody reviews their own documents (the table's CHECK holds it too).
      if (row.userId === reviewer.userId) throw new AppError(ErrorCode.NoPermission);
      const at = clock.now();
      const updated = await documents.decide(tx, id, { ...decision, by: reviewer.userId, at });
      if (decision.status === 'approved') await deps.repo.setTier(tx, row.userId, 2);
      await writeAudit(tx, {
        projectId: reviewer.projectId,
        actorId: reviewer.userId,
        action: decision.status === 'approved' ? 'identity.kyc.approve' : 'identity.kyc.reject',
        objectType: 'identity_document',
        objectId: String(id),
        before: { status: 'pending' },
        after: { status: decision.status, reason: decision.reason, userId: row.userId },
        ip: reviewer.ip,
      });
      return updated;
    });
    // After commit: a concurrent decision that found it decided tells nothing.
    try {
      const user = await deps.userOf(decided.userId);
      await deps.tellPlayer?.({
        projectId: decided.projectId,
        userId: decided.userId,
        email: user?.email ?? null,
        status: decision.status,
        reason: decision.reason,
      });
    } catch (error) {
      deps.log?.(error, 'identity decision not told to the player');
    }
    return consoleWire(decided);
  }

  return {
    /** The player's upload: tier 1 first (7052), one open submission at a time (7053). */
    async submit(session: Session, files: { document?: Buffer; selfie?: Buffer }) {
      const document = checkedImage('document', files.document);
      const selfie = checkedImage('selfie', files.selfie);
      const declared = await deps.repo.find(session.userId);
      if (!declared) throw new AppError(ErrorCode.IdentityTierRequired);
      if (declared.tier >= 2) throw new AppError(ErrorCode.IdentityDocumentsOpen);
      const inserted = await documents.insert(documents.db, {
        userId: session.userId,
        projectId: session.projectId,
        images: {
          documentMime: document.mime,
          document: document.bytes,
          selfieMime: selfie.mime,
          selfie: selfie.bytes,
        },
        at: clock.now(),
      });
      if (!inserted) throw new AppError(ErrorCode.IdentityDocumentsOpen);
      return deps.identity.view(session);
    },

    /** The player's own images (404 for another's, so ids reveal nothing). */
    async ownImages(session: Session, id: number) {
      const row = await documents.byId(documents.db, id);
      if (!row || row.userId !== session.userId) throw notFound('identity documents');
      const images = await documents.images(id);
      if (!images) throw notFound('identity documents');
      return imagesWire(images);
    },

    /** The console's queue: one status of the reviewer's project, keyset pages. */
    async queue(
      reviewer: Reviewer,
      query: { status: 'pending' | 'approved' | 'rejected'; cursor?: string | undefined; count: number },
    ) {
      const rows = await documents.list({
        projectId: reviewer.projectId,
        status: query.status,
        cursor: query.cursor === undefined ? undefined : Number(query.cursor),
        limit: query.count + 1,
      });
      const page = rows.slice(0, query.count);
      return {
        items: await Promise.all(page.map(consoleWire)),
        nextCursor: rows.length > query.count ? String(page[page.length - 1]!.id) : null,
      };
    },

    /** Both images for a reviewer; the view is an audit line (who looked at whose documents). */
    async images(reviewer: Reviewer, id: number) {
      const row = await inProject(reviewer, id);
      const images = await documents.images(id);
      if (!images) throw notFound('identity documents');
      await writeAudit(documents.db, {
        projectId: reviewer.projectId,
        actorId: reviewer.userId,
        action: 'identity.kyc.view',
        objectType: 'identity_document',
        objectId: String(id),
        after: { userId: row.userId },
        ip: reviewer.ip,
      });
      return imagesWire(images);
    },

    /**
     * One player's submissions in the reviewer's project with each review (who, when, why): the
     * console's player page. Images are not included (`images` is the audited way to see them).
     */
    async playerDocuments(reviewer: Reviewer, userId: number) {
      const rows = await documents.ofUser(userId, reviewer.projectId);
      const names = new Map<number, string | null>();
      for (const row of rows) {
        if (row.decidedBy !== null && !names.has(row.decidedBy))
          names.set(row.decidedBy, (await deps.userOf(row.decidedBy))?.nickname ?? null);
      }
      return rows.map((row) => ({
        id: row.id,
        status: row.status,
        reason: row.reason,
        submittedAt: row.submittedAt.toISOString(),
        decidedAt: row.decidedAt?.toISOString() ?? null,
        decidedBy: row.decidedBy,
        decidedByName: row.decidedBy === null ? null : (names.get(row.decidedBy) ?? null),
      }));
    },

    approve: (reviewer: Reviewer, id: number) => decide(reviewer, id, { status: 'approved', reason: null }),
    reject: (reviewer: Reviewer, id: number, reason: string) =>
      decide(reviewer, id, { status: 'rejected', reason }),
  };
}
export type IdentityReviewService = ReturnType<typeof createIdentityReviewService>;
