import { LeadListPage } from './lead-list.tsx';

/** /permohonan/completed. */
export default function PermohonanCompletedPage() {
  return <LeadListPage kind="completed" />;
}
