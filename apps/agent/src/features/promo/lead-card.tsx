import { CONTACT_RESULTS, type ContactResult, type LeadRow } from '@payhub/contracts';
import { Ban, MessageCircle, Phone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card } from '../../shared/ui/card.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { useContact } from './api.ts';

const OPEN_STATUSES = [0, 1, 2];
const statusTone = (status: number) =>
  status === 3 ? 'success' : status === 4 ? 'danger' : status === 2 ? 'warning' : 'brand';

/** One lead: its number, state and, while open and assigned to the caller, the contact actions. */
export function LeadCard({ lead, shareCode }: { lead: LeadRow; shareCode?: string }) {
  const { t } = useTranslation();
  const contact = useContact();
  const countryCode = useGlobalStore((state) => state.site.project?.countryCode ?? '');
  const [revisitAt, setRevisitAt] = useState('');
  const [confirmingDoNotContact, setConfirmingDoNotContact] = useState(false);
  const open = OPEN_STATUSES.includes(lead.status) && !lead.masked;

  const record = async (result: ContactResult) => {
    setConfirmingDoNotContact(false);
    const revisit = revisitAt ? Math.floor(new Date(revisitAt).getTime() / 1000) : undefined;
    await contact.mutateAsync({ taskId: lead.taskId, result, ...(revisit ? { revisitAt: revisit } : {}) });
    setRevisitAt('');
    notify.success(t('promo.resultSaved'));
  };

  const shareOnWhatsApp = async () => {
    const shared = await api.promo.spaShare({ params: { id: lead.taskId }, body: { channel: 'whatsapp' } });
    const link = `${window.location.origin}${shared.link}`;
    const text = t('promo.shareText', { code: shared.shareCode, link });
    window.open(
      `https://wa.me/${countryCode}${shared.phone}?text=${encodeURIComponent(text)}`,
      '_blank',
      'noopener',
    );
  };

  return (
    <Card className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-3">
        <span
          className="font-mono text-[17px] font-semibold tracking-wide text-slate-900"
          data-testid="lead-phone"
        >
          {lead.phone}
        </span>
        <Badge tone={statusTone(lead.status)}>
          {t(`promo.taskStatus.${lead.status}` as 'promo.taskStatus.0')}
        </Badge>
      </div>
      {lead.lastResult ? (
        <p className="text-sm text-slate-600">
          {t(`promo.results.${lead.lastResult}` as 'promo.results.answered')}
        </p>
      ) : null}
      {open ? (
        <>
          <div className="grid grid-cols-2 gap-2">
            <a
              href={`tel:${lead.phone}`}
              className="inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-brand-700 font-semibold text-white"
            >
              <Phone className="size-4" aria-hidden />
              {t('promo.call')}
            </a>
            <Button
              variant="secondary"
              icon={<MessageCircle className="size-4" aria-hidden />}
              onClick={() => void shareOnWhatsApp()}
              disabled={!shareCode}
            >
              {t('promo.whatsapp')}
            </Button>
          </div>
          <label className="flex flex-col gap-1 text-sm text-slate-700">
            {t('promo.revisitAt')}
            <input
              type="datetime-local"
              value={revisitAt}
              onChange={(event) => setRevisitAt(event.target.value)}
              className="h-11 rounded-xl px-3 ring-1 ring-slate-300 ring-inset"
            />
          </label>
          <div className="flex flex-wrap gap-2">
            {CONTACT_RESULTS.map((result) => (
              <Button
                key={result}
                size="sm"
                variant={result === 'doNotContact' ? 'danger' : 'secondary'}
                busy={contact.isPending && contact.variables?.result === result}
                onClick={() =>
                  result === 'doNotContact' ? setConfirmingDoNotContact(true) : void record(result)
                }
              >
                {t(`promo.results.${result}` as 'promo.results.answered')}
              </Button>
            ))}
          </div>
        </>
      ) : null}
      <Modal
        open={confirmingDoNotContact}
        tone="danger"
        icon={<Ban className="size-6" aria-hidden />}
        title={t('promo.results.doNotContact')}
        description={t('promo.doNotContactConfirm')}
        onDismiss={() => setConfirmingDoNotContact(false)}
        actions={
          <>
            <Button
              block
              variant="danger"
              busy={contact.isPending}
              onClick={() => void record('doNotContact')}
            >
              {t('promo.results.doNotContact')}
            </Button>
            <Button block variant="secondary" onClick={() => setConfirmingDoNotContact(false)}>
              {t('promo.cancel')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
