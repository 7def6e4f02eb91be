import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { PAYMENT_ROLES } from './enums.ts';

/** Payment-hub calls live under /main/payhub (the spec leaves their base open; docs/api.md). */
export const payhub = {
  role: endpoint({
    method: 'GET',
    path: '/main/payhub/role',
    access: 'secure',
    summary: 'The caller’s payment role: Manage, Handler, or null for non-operators',
    response: z.object({ role: z.enum(PAYMENT_ROLES).nullable() }),
  }),
};
