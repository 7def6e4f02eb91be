import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { Button, Card, ErrorLine, Field, Input, Table } from '../../shared/ui.tsx';

/**
 * The confirmation sheet before a reward-abuse case closes with "pay the rewards": what the case
 * holds (each bonus and the sum per asset, read from the server) and the written decision; nothing
 * is sent until the staff member confirms.
 */
export function ReleaseRewards({
  caseId,
  initialDecision,
  onClose,
}: {
  caseId: number;
  initialDecision: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState(initialDecision);
  const held = useQuery({
    queryKey: ['console', 'case-held-rewards', caseId],
    queryFn: () => api.console.caseHeldRewards({ params: { id: caseId } }),
  });
  const release = useMutation({
    mutationFn: () =>
      api.console.closeCase({
        params: { id: caseId },
        body: { resolution: decision.trim(), heldRewards: 'release' },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['console', 'cases'] }),
  });
  const data = held.data;
  return (
    <Card
      title={t('consoleScreens.caseRelease.title', { id: caseId })}
      actions={
        <Button variant="plain" onClick={onClose}>
          {t('consoleScreens.caseRelease.cancel')}
        </Button>
      }
    >
      <div data-testid="release-rewards" className="flex flex-col gap-3 text-sm">
        <ErrorLine error={held.error ? errorText(held.error) : null} />
        {data &&
          (data.rewards.length === 0 ? (
            <p className="text-slate-600">{t('consoleScreens.caseRelease.nothingHeld')}</p>
          ) : (
            <>
              <p className="text-slate-600">{t('consoleScreens.caseRelease.intro')}</p>
              <Table
                head={[
                  t('consoleScreens.caseRelease.player'),
                  t('consoleScreens.caseRelease.kind'),
                  t('consoleScreens.caseRelease.asset'),
                  t('consoleScreens.caseRelease.amount'),
                ]}
              >
                {data.rewards.map((row) => (
                  <tr key={row.id}>
                    <td className="px-2 py-1.5 tabular-nums">#{row.playerId}</td>
                    <td className="px-2 py-1.5">{t(`consoleScreens.caseRelease.kinds.${row.kind}`)}</td>
                    <td className="px-2 py-1.5">{row.asset}</td>
                    <td className="px-2 py-1.5 tabular-nums">{row.amount}</td>
                  </tr>
                ))}
              </Table>
              <dl data-testid="release-totals" className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
                {data.totals.map((total) => (
                  <div key={total.asset} className="contents">
                    <dt className="text-slate-500">
                      {t('consoleScreens.caseRelease.total')} · {total.asset} ({total.count})
                    </dt>
                    <dd className="font-semibold tabular-nums">{total.amount}</dd>
                  </div>
                ))}
              </dl>
              <p className="text-xs text-slate-500">{t('consoleScreens.caseRelease.reversedNote')}</p>
            </>
          ))}
        <Field id="release-decision" label={t('consoleScreens.caseRelease.decision')}>
          <Input
            id="release-decision"
            value={decision}
            maxLength={500}
            onChange={(event) => setDecision(event.target.value)}
          />
        </Field>
        <ErrorLine error={release.error ? errorText(release.error) : null} />
        {release.isSuccess && (
          <p role="status" className="text-emerald-700">
            {t('consoleScreens.caseRelease.done', { id: caseId })}
          </p>
        )}
        <Button
          disabled={!decision.trim() || !data || release.isPending || release.isSuccess}
          onClick={() => release.mutate()}
        >
          {t('consoleScreens.caseRelease.confirm')}
        </Button>
      </div>
    </Card>
  );
}
