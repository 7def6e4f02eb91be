import { createToolsAgreements } from './payhub-tools.agreements.ts';
import { createToolsCards } from './payhub-tools.cards.ts';
import { createToolsContacts } from './payhub-tools.contacts.ts';
import { createToolsContext, type PayhubToolsDeps } from './payhub-tools.context.ts';
import { createToolsHours } from './payhub-tools.hours.ts';
import { createToolsShop } from './payhub-tools.shop.ts';

export { type PayhubToolsDeps, toCardWire, toLinkWire, toVoucherWire } from './payhub-tools.context.ts';

/**
 * The operator tools: cards and links, work hours, agreements, contacts and the shop, one file each,
 * over one shared context (payhub-tools.context.ts).
 */
export function createPayhubToolsService(deps: PayhubToolsDeps) {
  const context = createToolsContext(deps);
  return {
    ...createToolsCards(deps, context),
    ...createToolsHours(deps, context),
    ...createToolsAgreements(deps, context),
    ...createToolsContacts(deps, context),
    ...createToolsShop(deps, context),
  };
}
export type PayhubToolsService = ReturnType<typeof createPayhubToolsService>;
