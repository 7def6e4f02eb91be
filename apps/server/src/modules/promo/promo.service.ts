import { createPromoApplications } from './promo.applications.ts';
import { createPromoContext, type PromoServiceOptions } from './promo.context.ts';
import { createPromoDirectory } from './promo.directory.ts';
import { createPromoGroups } from './promo.groups.ts';
import { createPromoLeads } from './promo.leads.ts';
import { createPromoReports } from './promo.reports.ts';

export {
  DAILY_LEAD_QUOTA,
  type GroupReader,
  type MailSender,
  type PromoServiceOptions,
} from './promo.context.ts';

/**
 * The promo module's service: groups, applications, lead tasks, reports and what other modules ask
 * of it (the directory), one file each over one shared context (promo.context.ts).
 */
export function createPromoService(options: PromoServiceOptions) {
  const context = createPromoContext(options);
  return {
    ...createPromoGroups(options, context),
    ...createPromoApplications(options, context),
    ...createPromoLeads(options, context),
    ...createPromoReports(options, context),
    ...createPromoDirectory(options, context),
  };
}
export type PromoService = ReturnType<typeof createPromoService>;
