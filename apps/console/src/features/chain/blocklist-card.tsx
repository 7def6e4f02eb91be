import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { Button, Card, ConfirmDialog, ErrorLine, Input, Table } from '../../shared/ui.tsx';

/**
 * The project's AML blocklist (one per project): USDT addresses no withdrawal may go to — a withdrawal to
 * one is refused and opens a monitoring case. Compliance and the admin add one with a reason and remove
 * one after a confirmation; the server writes the audit lines.
 */
export function BlocklistCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayAdd = useCan('blockChainAddress');
  const mayRemove = useCan('unblockChainAddress');
  const [form, setForm] = useState({ address: '', reason: '' });
  const [removing, setRemoving] = useState<string | null>(null);
  const list = useQuery({ queryKey: ['console', 'blocklist'], queryFn: () => api.console.chainBlocklist() });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['console', 'blocklist'] });
  const add = useMutation({
    mutationFn: () =>
      api.console.blockChainAddress({ body: { address: form.address.trim(), reason: form.reason } }),
    onSuccess: () => {
      setForm({ address: '', reason: '' });
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (address: string) => api.console.unblockChainAddress({ params: { address } }),
    onSuccess: () => {
      setRemoving(null);
      refresh();
    },
  });
  const items = list.data?.items ?? [];
  return (
    <Card
      title={t('consoleScreens.blocklist.heading')}
      actions={
        <Button
          variant="plain"
          disabled={items.length === 0}
          onClick={() => downloadCsv('aml-blocklist.csv', ['address', 'reason', 'createdAt'], items)}
        >
          {t('console.common.exportCsv')}
        </Button>
      }
    >
      <p className="mb-3 text-sm text-slate-600">{t('consoleScreens.blocklist.explain')}</p>
      {list.data && !list.data.enabled && (
        <p className="text-sm text-slate-500">{t('consoleScreens.blocklist.noChain')}</p>
      )}
      {mayAdd && list.data?.enabled && (
        <form
          className="mb-3 flex flex-wrap items-center gap-2 text-sm"
          data-testid="blocklist-form"
          onSubmit={(event) => {
            event.preventDefault();
            add.mutate();
          }}
        >
          <Input
            aria-label={t('consoleScreens.blocklist.address')}
            placeholder="0x…"
            className="w-96 font-mono"
            value={form.address}
            onChange={(event) => setForm({ ...form, address: event.target.value })}
          />
          <Input
            aria-label={t('consoleScreens.blocklist.reason')}
            placeholder={t('consoleScreens.blocklist.reason')}
            className="w-72"
            maxLength={200}
            value={form.reason}
            onChange={(event) => setForm({ ...form, reason: event.target.value })}
          />
          <Button type="submit" disabled={add.isPending || !form.address.trim() || !form.reason.trim()}>
            {t('consoleScreens.blocklist.add')}
          </Button>
        </form>
      )}
      <ErrorLine error={add.error ? errorText(add.error) : list.error ? errorText(list.error) : null} />
      <Table
        head={[
          t('consoleScreens.blocklist.address'),
          t('consoleScreens.blocklist.reason'),
          t('consoleScreens.blocklist.added'),
          '',
        ]}
      >
        {items.map((item) => (
          <tr key={item.address}>
            <td className="px-2 py-2 font-mono text-xs">{item.address}</td>
            <td className="px-2 py-2">{item.reason}</td>
            <td className="px-2 py-2 text-slate-500">{new Date(item.createdAt).toLocaleString()}</td>
            <td className="px-2 py-2 text-right">
              {mayRemove && (
                <Button variant="plain" onClick={() => setRemoving(item.address)}>
                  {t('consoleScreens.blocklist.remove')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {items.length === 0 && !list.isLoading && (
        <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
      )}
      {removing && (
        <ConfirmDialog
          title={t('consoleScreens.blocklist.confirmTitle')}
          confirmLabel={t('consoleScreens.blocklist.confirm')}
          cancelLabel={t('consoleScreens.blocklist.cancel')}
          busy={remove.isPending}
          error={remove.error ? errorText(remove.error) : null}
          onConfirm={() => remove.mutate(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p className="font-mono text-xs">{removing}</p>
          <p className="mt-2">{t('consoleScreens.blocklist.confirmBody')}</p>
        </ConfirmDialog>
      )}
    </Card>
  );
}
