import { ErrorCode, OPERATOR_CONTACTS_MAX } from '@payhub/contracts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/http/request-context.ts';
import { type PayhubToolsDeps, type ToolsContext, toContactWire } from './payhub-tools.context.ts';
import type { ContactRow } from './payhub-tools.repo.ts';

/** An operator's contact channels. */
export function createToolsContacts(deps: PayhubToolsDeps, context: ToolsContext) {
  const { repo, cards, clock } = deps;
  const { requireOperator } = context;

  return {
    async contactList(session: Session) {
      const operator = await requireOperator(session);
      return { items: (await repo.contacts(repo.db, operator.userId)).map(toContactWire) };
    },

    async addContact(
      session: Session,
      input: { channel: ContactRow['channel']; value: string; label: string },
    ) {
      return repo.transaction(async (tx) => {
        const operator = await requireOperator(session, tx);
        await cards.lockOperator(tx, operator.userId);
        const existing = await repo.contactByValue(tx, operator.userId, input.channel, input.value);
        if (existing) return toContactWire(existing);
        if ((await repo.contacts(tx, operator.userId)).length >= OPERATOR_CONTACTS_MAX)
          throw new AppError(ErrorCode.BankAccountLimit);
        const id = await repo.insertContact(tx, { operatorId: operator.userId, ...input, at: clock.now() });
        return toContactWire((await repo.contact(tx, id!))!);
      });
    },

    async getContact(session: Session, id: number) {
      const operator = await requireOperator(session);
      const contact = await repo.contact(repo.db, id);
      if (!contact || contact.operatorId !== operator.userId) throw notFound('contact');
      return toContactWire(contact);
    },
  };
}
