import { LeadListPage } from './lead-list.tsx';

/** /permohonan/selected. */
export default function PermohonanSelectedPage() {
  return <LeadListPage kind="selected" />;
}
