import type { ConsolePlayerSession } from '@payhub/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { Button, Card, ConfirmDialog, ErrorLine, Table } from '../../shared/ui.tsx';
import { sessionsQuery } from './api.ts';

const at = (seconds: number) => new Date(seconds * 1000).toLocaleString();

/** The player's live sessions (device, address, last seen); support may sign one out after confirming. */
export function PlayerSessions({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery(userId));
  const mayRevoke = useCan('revokePlayerSession');
  const [confirming, setConfirming] = useState<ConsolePlayerSession | null>(null);
  const revoke = useMutation({
    mutationFn: (id: number) => api.console.revokePlayerSession({ params: { userId, id }, body: {} }),
    // The dialog closes and "signed out" shows once the list no longer holds the session: the
    // mutation stays pending until the refetch is in.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionsQuery(userId).queryKey });
      setConfirming(null);
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: sessionsQuery(userId).queryKey }),
  });
  const items = sessions.data?.items ?? [];
  const device = (row: ConsolePlayerSession) => row.device ?? t('consoleScreens.sessions.unknownDevice');
  return (
    <Card title={t('consoleScreens.sessions.heading')}>
      {confirming && (
        <ConfirmDialog
          title={t('consoleScreens.sessions.confirmTitle')}
          confirmLabel={t('consoleScreens.sessions.confirm')}
          cancelLabel={t('consoleScreens.sessions.cancel')}
          busy={revoke.isPending}
          error={revoke.error ? errorText(revoke.error) : null}
          onConfirm={() => revoke.mutate(confirming.id)}
          onCancel={() => {
            revoke.reset();
            setConfirming(null);
          }}
        >
          {t('consoleScreens.sessions.confirmBody', { device: device(confirming), ip: confirming.ip ?? '—' })}
        </ConfirmDialog>
      )}
      <ErrorLine error={sessions.error ? errorText(sessions.error) : null} />
      {revoke.isSuccess && (
        <p role="status" className="mb-2 text-sm text-emerald-700">
          {t('consoleScreens.sessions.revoked')}
        </p>
      )}
      <Table
        head={[
          t('consoleScreens.sessions.device'),
          t('consoleScreens.sessions.ip'),
          t('consoleScreens.sessions.since'),
          t('consoleScreens.sessions.lastSeen'),
          '',
        ]}
      >
        {items.map((row) => (
          <tr key={row.id} data-testid={`session-${row.id}`}>
            <td className="px-2 py-1.5">{device(row)}</td>
            <td className="px-2 py-1.5 font-mono text-xs">{row.ip ?? '—'}</td>
            <td className="px-2 py-1.5 text-slate-500">{at(row.createdAt)}</td>
            <td className="px-2 py-1.5 text-slate-500">{at(row.lastSeenAt)}</td>
            <td className="px-2 py-1.5 text-right">
              {mayRevoke && (
                <Button variant="plain" onClick={() => setConfirming(row)}>
                  {t('consoleScreens.sessions.revoke')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {items.length === 0 && sessions.isSuccess && (
        <p className="py-3 text-sm text-slate-500">{t('consoleScreens.sessions.none')}</p>
      )}
    </Card>
  );
}
