import type { SpaApplication } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { LoadError } from '../../shared/payment-ui.tsx';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle } from '../../shared/ui/card.tsx';
import { ConfirmSheet } from '../../shared/ui/confirm-sheet.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { PageSpinner } from '../../shared/ui/spinner.tsx';
import { groupQuery, newMembersQuery, reviewsQuery, usePromoMutation } from './api.ts';

const FILTERS = [undefined, 0, 1, 2, 3] as const;
const tone = (status: number) =>
  status === 2 ? 'success' : status === 3 || status === 5 ? 'danger' : status === 4 ? 'neutral' : 'warning';

function ApplicationCard({ application }: { application: SpaApplication }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  /** Approving grants a role: it waits for the confirmation sheet. */
  const [confirmingApprove, setConfirmingApprove] = useState(false);
  const decide = usePromoMutation((decision: 'approve' | 'reject' | 'remove') =>
    api.promo.spaReviewDecide({
      params: { id: application.id },
      body: { decision, ...(note.trim() ? { note: note.trim() } : {}) },
    }),
  );
  const open = application.status === 0 || application.status === 1;
  const run = (decision: 'approve' | 'reject' | 'remove') =>
    void decide.mutateAsync(decision).then(() => notify.success(t('promo.decided')));
  return (
    <Card className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2" data-testid={`application-${application.id}`}>
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{application.nickname}</p>
          <p className="font-mono text-sm text-slate-600">{application.phone}</p>
        </div>
        <Badge tone={tone(application.status)}>{t(`promo.applyStatus.${application.statusName}`)}</Badge>
      </div>
      <p className="text-sm text-slate-700">
        {application.groupName} · {t(`promo.spaTypes.${application.spaType}`)}
      </p>
      {application.note ? <p className="text-sm text-slate-600">“{application.note}”</p> : null}
      {open || application.status === 2 ? (
        <TextField
          label={t('promo.reviewNote')}
          value={note}
          maxLength={200}
          onChange={(event) => setNote(event.target.value)}
        />
      ) : null}
      {open ? (
        <div className="grid grid-cols-2 gap-2">
          <Button
            busy={decide.isPending && decide.variables === 'approve'}
            onClick={() => setConfirmingApprove(true)}
          >
            {t('promo.approve')}
          </Button>
          <Button
            variant="danger"
            busy={decide.isPending && decide.variables === 'reject'}
            onClick={() => run('reject')}
          >
            {t('promo.reject')}
          </Button>
        </div>
      ) : application.status === 2 ? (
        <Button variant="danger" busy={decide.isPending} onClick={() => run('remove')}>
          {t('promo.remove')}
        </Button>
      ) : null}
      <ConfirmSheet
        open={confirmingApprove}
        title={t('payhub.confirm.approveTitle')}
        evidence={[
          { label: t('payhub.confirm.applicant'), value: `${application.nickname} · ${application.phone}` },
          {
            label: t('payhub.confirm.group'),
            value: `${application.groupName} · ${t(`promo.spaTypes.${application.spaType}`)}`,
          },
          ...(note.trim() ? [{ label: t('promo.reviewNote'), value: note.trim() }] : []),
        ]}
        confirmLabel={t('promo.approve')}
        busy={decide.isPending}
        onConfirm={() => {
          setConfirmingApprove(false);
          run('approve');
        }}
        onCancel={() => setConfirmingApprove(false)}
      />
    </Card>
  );
}

/** /pengajuan: the group's applications for its leader (and HR), the group name and new members. */
export default function PengajuanPage() {
  const { t } = useTranslation();
  const isLeader = useGlobalStore((state) => state.spaInfo?.role === 1);
  const [status, setStatus] = useState<number | undefined>(undefined);
  const [name, setName] = useState('');
  const reviews = useQuery(reviewsQuery(status));
  const newMembers = useQuery(newMembersQuery());
  const group = useQuery({ ...groupQuery(), enabled: isLeader });
  const rename = usePromoMutation(() => api.promo.spaNameUpdate({ query: { name: name.trim() } }));
  return (
    <Page title={t('promo.pengajuanTitle')}>
      {isLeader && group.data?.group ? (
        <Card className="flex flex-col gap-2">
          <CardTitle>{group.data.group.name}</CardTitle>
          <div className="flex items-end gap-2">
            <TextField
              className="min-w-0 flex-1"
              label={t('promo.groupName')}
              value={name}
              maxLength={40}
              placeholder={group.data.group.name}
              onChange={(event) => setName(event.target.value)}
            />
            <Button
              className="shrink-0"
              disabled={!name.trim()}
              busy={rename.isPending}
              onClick={() =>
                void rename.mutateAsync(undefined).then(() => notify.success(t('promo.renamed')))
              }
            >
              {t('promo.rename')}
            </Button>
          </div>
        </Card>
      ) : null}
      {newMembers.data ? (
        <p className="text-sm font-medium text-slate-700" data-testid="pending-applications">
          {t('promo.newMembers', { count: newMembers.data.pendingCount })}
        </p>
      ) : null}
      <div className="flex gap-2 overflow-x-auto pb-1">
        {FILTERS.map((filter) => (
          <button
            key={filter ?? 'all'}
            type="button"
            onClick={() => setStatus(filter)}
            className={clsx(
              'h-9 shrink-0 rounded-full px-3 text-sm font-medium ring-1 ring-inset',
              status === filter
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'bg-white text-slate-700 ring-slate-300',
            )}
          >
            {filter === undefined
              ? t('promo.filterAll')
              : t(
                  `promo.applyStatus.${(['applied', 'reviewing', 'approved', 'rejected'] as const)[filter]!}`,
                )}
          </button>
        ))}
      </div>
      {reviews.isError && !reviews.data ? (
        <LoadError query={reviews} />
      ) : !reviews.data ? (
        <PageSpinner label={t('common.loading')} />
      ) : reviews.data.items.length === 0 ? (
        <Card>
          <p className="text-sm text-slate-600">{t('promo.noApplications')}</p>
        </Card>
      ) : (
        reviews.data?.items.map((application) => (
          <ApplicationCard key={application.id} application={application} />
        ))
      )}
    </Page>
  );
}
