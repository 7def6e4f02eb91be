import { LeadListPage } from './lead-list.tsx';

/** /permohonan/pending. */
export default function PermohonanPendingPage() {
  return <LeadListPage kind="pending" />;
}
