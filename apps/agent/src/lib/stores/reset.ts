import { resetDataCenter } from './data-center.store.ts';
import { resetPayment } from './payment.store.ts';
import { resetPem } from './pem.store.ts';

/** The global reset (spec §4): clears the data center, the pem report check list and the payment state. */
export function resetAll(): void {
  resetDataCenter();
  resetPem();
  resetPayment();
}
