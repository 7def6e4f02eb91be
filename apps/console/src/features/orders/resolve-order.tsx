import { DEPOSIT_RESOLUTIONS, WITHDRAW_RESOLUTIONS } from '@payhub/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { Button, Card, ErrorLine, Field, Input } from '../../shared/ui.tsx';

type Kind = 'deposits' | 'withdrawals';
type Resolution = (typeof DEPOSIT_RESOLUTIONS)[number];

/**
 * Manual resolution of one stuck order (EXCEPTIONAL) with a reason: the server runs the payment
 * manager's decision through the order lifecycle (ledger, audit, live pushes to player and operator).
 */
export function ResolveOrder({
  kind,
  order,
  stateName,
  onClose,
}: {
  kind: Kind;
  order: {
    id: number;
    orderNo: string;
    amount: string;
    currency: string;
    playerId: number;
    remark: string | null;
  };
  stateName: (state: number) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const choices: readonly Resolution[] = kind === 'deposits' ? DEPOSIT_RESOLUTIONS : WITHDRAW_RESOLUTIONS;
  const [resolution, setResolution] = useState<Resolution>(choices[0]!);
  const [reason, setReason] = useState('');
  const resolve = useMutation({
    mutationFn: async () => {
      const body = { resolution, reason: reason.trim() };
      return kind === 'deposits'
        ? api.console.resolveDeposit({ params: { id: order.id }, body })
        : api.console.resolveWithdrawal({
            params: { id: order.id },
            body: { ...body, resolution: resolution as (typeof WITHDRAW_RESOLUTIONS)[number] },
          });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['console', 'orders'] }),
  });
  const label = (choice: Resolution) =>
    kind === 'deposits'
      ? t(`consoleOps.resolve.${choice}`)
      : t(
          choice === 'complete'
            ? 'consoleOps.resolve.completeWithdrawal'
            : 'consoleOps.resolve.failWithdrawal',
        );
  return (
    <Card
      title={t('consoleOps.resolve.title', { id: order.id })}
      actions={
        <Button variant="plain" onClick={onClose}>
          {t('consoleOps.resolve.close')}
        </Button>
      }
    >
      <div data-testid="resolve-order" className="flex flex-col gap-3 text-sm">
        <p className="text-slate-600">
          <span className="font-mono text-xs">{order.orderNo}</span> · {order.amount} {order.currency} · #
          {order.playerId}
          {order.remark ? ` · ${t('consoleOps.resolve.remark')}: ${order.remark}` : ''}
        </p>
        <fieldset className="flex flex-col gap-1">
          {choices.map((choice) => (
            <label key={choice} className="flex items-center gap-2">
              <input
                type="radio"
                name="resolution"
                value={choice}
                checked={resolution === choice}
                onChange={() => setResolution(choice)}
              />
              {label(choice)}
            </label>
          ))}
        </fieldset>
        <Field
          id="resolve-reason"
          label={t('consoleOps.resolve.reason')}
          hint={t('consoleOps.resolve.reasonHint')}
        >
          <Input
            id="resolve-reason"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
        <ErrorLine error={resolve.error ? errorText(resolve.error) : null} />
        {resolve.data && (
          <p role="status" className="text-emerald-700">
            {t('consoleOps.resolve.done', { id: resolve.data.id, state: stateName(resolve.data.state) })}
          </p>
        )}
        <Button
          variant={resolution === 'complete' ? 'primary' : 'danger'}
          disabled={reason.trim().length < 3 || resolve.isPending || !!resolve.data}
          onClick={() => resolve.mutate()}
        >
          {t('consoleOps.resolve.confirm')}
        </Button>
      </div>
    </Card>
  );
}
