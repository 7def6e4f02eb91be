import { STAFF_ROLES, type StaffRole } from '@payhub/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { usePreferences } from '../../lib/preferences.store.ts';
import { showSaved } from '../../lib/query-client.ts';
import { Button, Card, ErrorLine, Input, Select, Table } from '../../shared/ui.tsx';

/** Staff grants of the project: who holds which role; an admin grants or revokes (audited). */
export function StaffPage() {
  const { t } = useTranslation();
  const projectId = usePreferences((state) => state.projectId);
  const list = useQuery({ queryKey: ['console', 'staff', projectId], queryFn: () => api.console.staff() });
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<StaffRole | ''>('support');
  const grant = useMutation({
    mutationFn: (input: { userId: number; role: StaffRole | null }) =>
      api.console.grant({ body: { userId: input.userId, projectId, role: input.role } }),
    onSuccess: (data) => showSaved(['console', 'staff', projectId], data),
  });
  return (
    <Card title={t('console.staff.heading')}>
      <div className="mb-3 flex flex-wrap gap-2">
        <Input
          aria-label={t('console.staff.userId')}
          placeholder={t('console.staff.userId')}
          inputMode="numeric"
          value={userId}
          onChange={(event) => setUserId(event.target.value)}
        />
        <Select
          aria-label={t('console.staff.role')}
          value={role}
          onChange={(event) => setRole(event.target.value as StaffRole | '')}
        >
          {STAFF_ROLES.map((value) => (
            <option key={value} value={value}>
              {t(`console.roles.${value}`)}
            </option>
          ))}
          <option value="">{t('console.staff.revoke')}</option>
        </Select>
        <Button
          disabled={!/^\d+$/.test(userId) || grant.isPending}
          onClick={() => grant.mutate({ userId: Number(userId), role: role || null })}
        >
          {t('console.common.save')}
        </Button>
      </div>
      <ErrorLine error={grant.error ? errorText(grant.error) : null} />
      <Table
        head={[
          t('console.common.id'),
          t('console.players.nickname'),
          t('console.staff.role'),
          t('console.staff.grantedBy'),
          t('console.common.date'),
        ]}
      >
        {list.data?.items.map((row) => (
          <tr key={row.userId}>
            <td className="px-2 py-2 tabular-nums">{row.userId}</td>
            <td className="px-2 py-2">{row.nickname}</td>
            <td className="px-2 py-2">{t(`console.roles.${row.role}`)}</td>
            <td className="px-2 py-2 tabular-nums">{row.grantedBy ? `#${row.grantedBy}` : ''}</td>
            <td className="px-2 py-2 text-slate-500">{new Date(row.grantedAt).toLocaleString()}</td>
          </tr>
        ))}
      </Table>
    </Card>
  );
}
