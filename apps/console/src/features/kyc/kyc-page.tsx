import type { ConsoleKycSubmission, IdentityReviewStatus } from '@payhub/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { Badge, Button, Card, ErrorLine, Input, Select, Table } from '../../shared/ui.tsx';
import { kycImagesQuery, kycQueueQuery } from './api.ts';

const TONE: Record<IdentityReviewStatus, 'amber' | 'green' | 'red'> = {
  pending: 'amber',
  approved: 'green',
  rejected: 'red',
};

/** One submission: the declared identity beside the ID document and the selfie, and the decision. */
function Review({ item, onDecided }: { item: ConsoleKycSubmission; onDecided: () => void }) {
  const { t } = useTranslation();
  const images = useQuery(kycImagesQuery(item.id));
  const mayDecide = useCan('approveKyc') && item.status === 'pending';
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') =>
      decision === 'approve'
        ? api.console.approveKyc({ params: { id: item.id }, body: {} })
        : api.console.rejectKyc({ params: { id: item.id }, body: { reason: reason.trim() } }),
    onSuccess: () => {
      setReason('');
      onDecided();
    },
  });
  return (
    <Card title={`#${item.id} · ${item.nickname} · ${item.phone}`}>
      <div className="flex flex-col gap-3" data-testid="kyc-review">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">{t('console.kyc.declared')}</dt>
          <dd className="font-medium" data-testid="kyc-declared">
            {item.fullName} · {item.birthDate}
          </dd>
          <dt className="text-slate-500">{t('console.kyc.submitted')}</dt>
          <dd>{new Date(item.submittedAt).toLocaleString()}</dd>
          <dt className="text-slate-500">{t('console.common.status')}</dt>
          <dd>
            <Badge tone={TONE[item.status]}>{t(`console.kyc.${item.status}`)}</Badge>
          </dd>
          {item.reason && (
            <>
              <dt className="text-slate-500">{t('console.kyc.reason')}</dt>
              <dd>{item.reason}</dd>
            </>
          )}
        </dl>
        <p className="rounded bg-slate-50 p-2 text-xs text-slate-600">{t('console.kyc.hint')}</p>
        <ErrorLine error={images.error ? errorText(images.error) : null} />
        <div className="grid grid-cols-2 gap-3">
          {(['document', 'selfie'] as const).map((slot) => (
            <figure key={slot} className="flex flex-col gap-1">
              <figcaption className="text-xs font-medium text-slate-500">
                {t(`console.kyc.${slot}`)}
              </figcaption>
              {images.data ? (
                <img
                  src={images.data[slot].dataUrl}
                  alt={t(`console.kyc.${slot}`)}
                  data-testid={`kyc-${slot}`}
                  className="max-h-72 w-full rounded border border-slate-200 bg-slate-50 object-contain"
                />
              ) : (
                <div className="h-48 animate-pulse rounded bg-slate-100" />
              )}
            </figure>
          ))}
        </div>
        {mayDecide && (
          <div className="flex flex-col gap-2 border-t border-slate-100 pt-3">
            <ErrorLine error={decide.error ? errorText(decide.error) : null} />
            <div className="flex gap-2">
              <Button disabled={decide.isPending} onClick={() => decide.mutate('approve')}>
                {t('console.kyc.approve')}
              </Button>
            </div>
            <div className="flex gap-2">
              <Input
                className="flex-1"
                aria-label={t('console.kyc.reason')}
                placeholder={t('console.kyc.reasonPlaceholder')}
                maxLength={500}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
              />
              <Button
                variant="danger"
                disabled={decide.isPending || reason.trim().length < 3}
                onClick={() => decide.mutate('reject')}
              >
                {t('console.kyc.reject')}
              </Button>
            </div>
          </div>
        )}
      </div>
    </Card>
  );
}

/** Tier-2 identity review: the queue of submissions, both images, approve or reject with a reason. */
export function KycPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<IdentityReviewStatus>('pending');
  const [selected, setSelected] = useState<ConsoleKycSubmission | null>(null);
  const [saved, setSaved] = useState(false);
  const queue = useInfiniteQuery(kycQueueQuery(status));
  const items = queue.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <Card
        title={t('console.kyc.heading')}
        actions={
          <Select
            value={status}
            aria-label={t('console.common.status')}
            onChange={(event) => {
              setStatus(event.target.value as IdentityReviewStatus);
              setSelected(null);
            }}
          >
            {(['pending', 'approved', 'rejected'] as const).map((value) => (
              <option key={value} value={value}>
                {t(`console.kyc.${value}`)}
              </option>
            ))}
          </Select>
        }
      >
        {saved && (
          <p role="status" className="mb-2 text-sm text-emerald-700">
            {t('console.kyc.saved')}
          </p>
        )}
        <Table
          head={[
            t('console.common.id'),
            t('console.kyc.player'),
            t('console.kyc.declared'),
            status === 'pending' ? t('console.kyc.submitted') : t('console.kyc.decided'),
            '',
          ]}
        >
          {items.map((item) => (
            <tr key={item.id} data-testid="kyc-row" className={selected?.id === item.id ? 'bg-slate-50' : ''}>
              <td className="px-2 py-2 tabular-nums">{item.id}</td>
              <td className="px-2 py-2">
                {item.nickname}
                <div className="text-xs text-slate-500">{item.phone}</div>
              </td>
              <td className="px-2 py-2">
                {item.fullName}
                <div className="text-xs text-slate-500">{item.birthDate}</div>
              </td>
              <td className="px-2 py-2 text-slate-500">
                {new Date(item.decidedAt ?? item.submittedAt).toLocaleString()}
              </td>
              <td className="px-2 py-2">
                <Button
                  variant="plain"
                  onClick={() => {
                    setSelected(item);
                    setSaved(false);
                  }}
                >
                  {t('console.kyc.open')}
                </Button>
              </td>
            </tr>
          ))}
        </Table>
        {items.length === 0 && !queue.isLoading && (
          <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
        {queue.hasNextPage && (
          <Button variant="plain" className="mt-3" onClick={() => void queue.fetchNextPage()}>
            {t('console.common.loadMore')}
          </Button>
        )}
      </Card>
      {selected ? (
        <Review
          key={selected.id}
          item={selected}
          onDecided={() => {
            setSelected(null);
            setSaved(true);
            void queryClient.invalidateQueries({ queryKey: ['console', 'kyc'] });
          }}
        />
      ) : (
        <Card>
          <p className="text-sm text-slate-500">{t('console.kyc.choose')}</p>
        </Card>
      )}
    </div>
  );
}
