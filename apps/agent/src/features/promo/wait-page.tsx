import { APPLY_SPA_TYPES } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { LogOut, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { identityOf } from '../../lib/access/identity.ts';
import { landingPath } from '../../lib/access/landing.ts';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { logout, refreshUserInfo } from '../../lib/session.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { LoadError } from '../../shared/payment-ui.tsx';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle } from '../../shared/ui/card.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Page } from '../../shared/ui/page.tsx';
import { applicationsQuery, projectGroupsQuery, usePromoMutation } from './api.ts';

type ApplySpaType = (typeof APPLY_SPA_TYPES)[number];

/** /wait: not yet in a programme — apply to a group, follow the application, check again. */
export default function WaitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const projectId = useGlobalStore((state) => state.user?.projectId);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [spaType, setSpaType] = useState<ApplySpaType>('New');
  const [note, setNote] = useState('');
  const [checking, setChecking] = useState(false);
  const applications = useQuery(applicationsQuery());
  const groups = useQuery(projectGroupsQuery(projectId));
  const apply = usePromoMutation(() =>
    api.promo.spaApply({
      body: { groupId: groupId ?? 0, spaType, ...(note.trim() ? { note: note.trim() } : {}) },
    }),
  );
  const cancel = usePromoMutation((id: number) => api.promo.spaCancel({ params: { id } }));
  const open = applications.data?.items.find((item) => item.status === 0 || item.status === 1);

  const check = async () => {
    setChecking(true);
    try {
      await refreshUserInfo();
      const { spaInfo, paymentRole, user } = useGlobalStore.getState();
      const next = landingPath(identityOf(spaInfo, paymentRole, user?.staffRole ?? null));
      if (next !== paths.wait) navigate(next, { replace: true });
    } catch {
      // The error dialog has said why (code 1 ends the session there); an outage keeps the user
      // signed in to check again (issue 11: outages must not sign people out).
    } finally {
      setChecking(false);
    }
  };

  return (
    <Page title={t('promo.waitTitle')}>
      <p className="text-sm text-slate-700" data-testid="wait-page">
        {t('promo.waitBody')}
      </p>
      {groups.isError && !groups.data ? <LoadError query={groups} /> : null}
      {applications.isError && !applications.data ? <LoadError query={applications} /> : null}
      {!open && groups.data ? (
        <Card className="flex flex-col gap-3">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-700">{t('promo.group')}</legend>
            {groups.data.groups.map((group) => (
              <label
                key={group.id}
                className="flex items-center gap-3 rounded-xl p-3 ring-1 ring-slate-200 ring-inset"
              >
                <input
                  type="radio"
                  name="group"
                  checked={groupId === group.id}
                  onChange={() => setGroupId(group.id)}
                />
                <span className="flex flex-col">
                  <span className="font-semibold text-slate-900">{group.name}</span>
                  <span className="text-sm text-slate-600">
                    {t('promo.leader', { name: group.leaderNickname, count: group.memberCount })}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
          <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
            {t('promo.spaType')}
            <select
              value={spaType}
              onChange={(event) => setSpaType(event.target.value as ApplySpaType)}
              className="h-12 rounded-xl bg-white px-3 ring-1 ring-slate-300 ring-inset"
            >
              {APPLY_SPA_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(`promo.spaTypes.${type}`)}
                </option>
              ))}
            </select>
          </label>
          <TextField
            label={t('promo.applyNote')}
            value={note}
            maxLength={200}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button
            block
            disabled={groupId === null}
            busy={apply.isPending}
            onClick={() => void apply.mutateAsync(undefined).then(() => notify.success(t('promo.applied')))}
          >
            {t('promo.apply')}
          </Button>
        </Card>
      ) : null}
      {applications.data && applications.data.items.length > 0 ? (
        <Card className="flex flex-col gap-2">
          <CardTitle>{t('promo.myApplications')}</CardTitle>
          {applications.data.items.map((item) => (
            <div
              key={item.id}
              className="flex items-center justify-between gap-2 border-slate-100 border-b py-2 last:border-b-0"
            >
              <span className="text-sm text-slate-900">{item.groupName}</span>
              <span className="flex items-center gap-2">
                <Badge tone={item.status === 2 ? 'success' : item.status === 3 ? 'danger' : 'warning'}>
                  <span data-testid="application-status">{t(`promo.applyStatus.${item.statusName}`)}</span>
                </Badge>
                {item.status === 0 || item.status === 1 ? (
                  <Button
                    size="sm"
                    variant="ghost"
                    busy={cancel.isPending}
                    onClick={() => void cancel.mutateAsync(item.id)}
                  >
                    {t('promo.cancel')}
                  </Button>
                ) : null}
              </span>
            </div>
          ))}
        </Card>
      ) : null}
      <Button
        block
        variant="secondary"
        busy={checking}
        icon={<RefreshCw className="size-4" aria-hidden />}
        onClick={() => void check()}
      >
        {t('promo.checkAgain')}
      </Button>
      <Button
        variant="ghost"
        block
        icon={<LogOut className="size-4" aria-hidden />}
        onClick={() => void logout()}
      >
        {t('Auth.logout')}
      </Button>
    </Page>
  );
}
