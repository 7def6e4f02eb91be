import type { ConsoleMonitoringRules } from '@payhub/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { QUEUE_REFRESH_MS } from '../../lib/query-client.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { Badge, Button, Card, ErrorLine, Input, Pager, Select, Table } from '../../shared/ui.tsx';
import { EscalateCase } from './escalate-case.tsx';
import { ReleaseRewards } from './release-rewards.tsx';
import { RulesForm } from './rules-form.tsx';

const PAGE_SIZE = 20;

const SUBJECTS = ['player', 'pay_order', 'withdraw_order', 'operator', 'card'] as const;
type Subject = (typeof SUBJECTS)[number];
const EVIDENCE_KEYS = [
  'orders',
  'windowMinutes',
  'windowHours',
  'orderId',
  'orderType',
  'amount',
  'threshold',
  'playerId',
  'operatorId',
  'link',
  'action',
  'payers',
  'address',
  'reason',
  'reasons',
  'reward',
  'bonusIds',
  'sharedWith',
  'depositTransfer',
] as const;
type EvidenceKey = (typeof EVIDENCE_KEYS)[number];

const EVIDENCE_VALUES = [
  'first_deposit',
  'referral',
  'same_device',
  'same_ip24',
  'same_payout',
  'same_account',
  'pay_order',
  'withdraw_order',
  'deposit_assignment_skipped',
] as const;
type EvidenceValue = (typeof EVIDENCE_VALUES)[number];

/** A case's evidence as labelled lines (a key the console does not know is shown as it is). */
function Evidence({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  // Known codes in words (the raw code stays in the CSV); anything else as it is.
  const evidenceValue = (value: unknown): string => {
    if (Array.isArray(value)) return value.map(evidenceValue).join(', ');
    if (value !== null && typeof value === 'object') return JSON.stringify(value);
    const text = String(value);
    return EVIDENCE_VALUES.includes(text as EvidenceValue)
      ? t(`consoleScreens.cases.values.${text as EvidenceValue}`)
      : text;
  };
  return (
    <dl className="grid grid-cols-[minmax(0,7rem)_1fr] gap-x-2 text-xs text-slate-600">
      {Object.entries(details).map(([key, value]) => (
        <Fragment key={key}>
          <dt className="text-slate-500">
            {EVIDENCE_KEYS.includes(key as EvidenceKey)
              ? t(`consoleScreens.cases.evidence.${key as EvidenceKey}`)
              : key}
          </dt>
          <dd className="tabular-nums [overflow-wrap:anywhere]">{evidenceValue(value)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The figures the monitoring rules open a case at (the server sends the payhub module's constants). */
function Thresholds({ rules }: { rules: ConsoleMonitoringRules }) {
  const { t } = useTranslation();
  const maySet = useCan('setMonitoringRules');
  const [editing, setEditing] = useState(false);
  const lines = [
    [
      'velocity',
      t('consoleScreens.cases.thresholds.velocity', {
        orders: rules.velocity.maxOrders,
        minutes: rules.velocity.windowMinutes,
      }),
    ],
    [
      'just_under_threshold',
      t('consoleScreens.cases.thresholds.just_under_threshold', {
        percent: rules.justUnderThreshold.withinBps / 100,
        amount: rules.justUnderThreshold.threshold,
        currency: rules.justUnderThreshold.currency,
      }),
    ],
    [
      'many_payers_one_card',
      t('consoleScreens.cases.thresholds.many_payers_one_card', {
        payers: rules.manyPayersOneCard.maxPayers,
        hours: rules.manyPayersOneCard.windowHours,
      }),
    ],
    ['self_dealing', t('consoleScreens.cases.thresholds.self_dealing')],
    ['blocked_address', t('consoleScreens.cases.thresholds.blocked_address')],
    ['reward_abuse', t('consoleScreens.cases.thresholds.reward_abuse')],
    ['deposit_reversed', t('consoleScreens.cases.thresholds.deposit_reversed')],
  ] as const;
  return (
    <details
      open
      className="mb-3 rounded-md border border-slate-200 px-3 py-2 text-xs text-slate-600"
      data-testid="case-thresholds"
    >
      <summary className="cursor-pointer font-medium text-slate-700">
        {t('consoleScreens.cases.thresholdsHeading')}
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {lines.map(([rule, text]) => (
          <Fragment key={rule}>
            <dt className="font-medium">{t(`consoleScreens.cases.rules.${rule}`)}</dt>
            <dd>{text}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="mt-2 flex items-center gap-2 text-slate-500">
        {rules.updatedAt
          ? t('consoleScreens.rulesForm.updated', {
              id: rules.updatedBy,
              at: new Date(rules.updatedAt).toLocaleString(),
            })
          : t('consoleScreens.rulesForm.defaults')}
        {maySet && !editing && (
          <Button variant="plain" onClick={() => setEditing(true)}>
            {t('consoleScreens.rulesForm.edit')}
          </Button>
        )}
      </p>
      {editing && <RulesForm rules={rules} onDone={() => setEditing(false)} />}
    </details>
  );
}

/** Monitoring (AML) cases: the queue, each case's evidence, and the decision that closes it. */
export function CasesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayClose = useCan('closeCase');
  const mayEscalate = useCan('escalateCase');
  // "escalated" is the admin's queue: open cases a compliance officer handed up.
  const [status, setStatus] = useState<'open' | 'closed' | 'escalated' | ''>('open');
  const [page, setPage] = useState(1);
  const [escalating, setEscalating] = useState<number | null>(null);
  const cases = useQuery({
    queryKey: ['console', 'cases', status, page],
    queryFn: () =>
      api.console.cases({
        query: {
          page,
          count: PAGE_SIZE,
          ...(status === 'escalated' ? { status: 'open', escalated: true } : status ? { status } : {}),
        },
      }),
    refetchInterval: status === 'open' || status === 'escalated' ? QUEUE_REFRESH_MS : false,
  });
  const [resolution, setResolution] = useState<Record<number, string>>({});
  const [releasing, setReleasing] = useState<number | null>(null);
  const close = useMutation({
    mutationFn: ({ id, heldRewards }: { id: number; heldRewards?: 'release' | 'void' }) =>
      api.console.closeCase({
        params: { id },
        body: { resolution: resolution[id] ?? '', ...(heldRewards ? { heldRewards } : {}) },
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['console', 'cases'] }),
  });
  const items = cases.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((cases.data?.total ?? 0) / PAGE_SIZE));
  return (
    <div className="flex flex-col gap-4">
      {escalating !== null && (
        <EscalateCase key={escalating} caseId={escalating} onClose={() => setEscalating(null)} />
      )}
      {releasing !== null && (
        <ReleaseRewards
          key={releasing}
          caseId={releasing}
          initialDecision={resolution[releasing] ?? ''}
          onClose={() => setReleasing(null)}
        />
      )}
      <Card
        title={t('console.cases.heading')}
        actions={
          <div className="flex gap-2">
            <Select
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as 'open' | 'closed' | 'escalated' | '');
                setPage(1);
              }}
              aria-label={t('console.common.status')}
            >
              <option value="">{t('console.common.all')}</option>
              <option value="open">{t('console.cases.open')}</option>
              <option value="escalated">{t('consoleScreens.escalation.queue')}</option>
              <option value="closed">{t('console.cases.closed')}</option>
            </Select>
            <Button
              variant="plain"
              disabled={items.length === 0}
              onClick={() =>
                downloadCsv(
                  'cases.csv',
                  [
                    'id',
                    'rule',
                    'subjectType',
                    'subjectId',
                    'status',
                    'openedAt',
                    'closedAt',
                    'resolution',
                    'escalatedAt',
                    'escalatedBy',
                    'escalationNote',
                    'details',
                  ],
                  items,
                )
              }
            >
              {t('console.common.exportCsv')}
            </Button>
          </div>
        }
      >
        {cases.data && <Thresholds rules={cases.data.rules} />}
        <ErrorLine error={close.error ? errorText(close.error) : null} />
        <Table
          head={[
            t('console.common.id'),
            t('console.cases.rule'),
            t('console.cases.subject'),
            t('console.cases.evidence'),
            t('console.cases.opened'),
            t('console.common.status'),
            t('console.cases.resolution'),
          ]}
        >
          {items.map((item) => (
            <tr key={item.id} className="align-top">
              <td className="px-2 py-2 tabular-nums">{item.id}</td>
              <td className="px-2 py-2 font-medium" title={item.rule}>
                {t(`consoleScreens.cases.rules.${item.rule}`)}
              </td>
              <td className="px-2 py-2">
                {SUBJECTS.includes(item.subjectType as Subject)
                  ? t(`consoleScreens.cases.subjects.${item.subjectType as Subject}`)
                  : item.subjectType}{' '}
                #{item.subjectId}
              </td>
              <td className="min-w-64 max-w-sm px-2 py-2">
                <Evidence details={item.details} />
              </td>
              <td className="px-2 py-2 text-slate-500">{new Date(item.openedAt).toLocaleString()}</td>
              <td className="px-2 py-2">
                <Badge tone={item.status === 'open' ? 'amber' : 'green'}>
                  {t(`console.cases.${item.status}`)}
                </Badge>
                {item.escalatedAt && (
                  <div
                    className="mt-1 max-w-56 text-xs text-slate-600"
                    data-testid={`case-escalation-${item.id}`}
                  >
                    <Badge tone="red">{t('consoleScreens.escalation.badge')}</Badge>
                    <span className="mt-1 block">
                      {t('consoleScreens.escalation.by', {
                        id: item.escalatedBy,
                        at: new Date(item.escalatedAt).toLocaleString(),
                      })}
                    </span>
                    <span className="block [overflow-wrap:anywhere]">“{item.escalationNote}”</span>
                  </div>
                )}
                {mayEscalate && item.status === 'open' && !item.escalatedAt && (
                  <Button variant="plain" className="mt-1" onClick={() => setEscalating(item.id)}>
                    {t('consoleScreens.escalation.action')}
                  </Button>
                )}
              </td>
              <td className="px-2 py-2">
                {item.status === 'closed' ? (
                  item.resolution
                ) : mayClose ? (
                  <div className="flex gap-2">
                    <Input
                      aria-label={`${t('console.cases.resolution')} ${item.id}`}
                      placeholder={t('console.cases.resolutionPlaceholder')}
                      value={resolution[item.id] ?? ''}
                      onChange={(event) => setResolution({ ...resolution, [item.id]: event.target.value })}
                    />
                    {item.rule === 'reward_abuse' ? (
                      // A reward-abuse case decides its held rewards as it closes: paid or cancelled.
                      (['release', 'void'] as const).map((decision) => (
                        <Button
                          key={decision}
                          variant={decision === 'release' ? 'primary' : 'plain'}
                          disabled={!(resolution[item.id] ?? '').trim()}
                          data-testid={`case-${decision}-${item.id}`}
                          onClick={() =>
                            // Paying goes through a confirmation sheet (what is paid, per asset); cancelling does not.
                            decision === 'release'
                              ? setReleasing(item.id)
                              : close.mutate({ id: item.id, heldRewards: decision })
                          }
                        >
                          {t(`console.cases.${decision}`)}
                        </Button>
                      ))
                    ) : (
                      <Button
                        disabled={!(resolution[item.id] ?? '').trim()}
                        onClick={() => close.mutate({ id: item.id })}
                      >
                        {t('console.cases.close')}
                      </Button>
                    )}
                  </div>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
        {items.length === 0 && !cases.isLoading && (
          <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
        <Pager page={page} pages={pages} onPage={setPage} />
      </Card>
    </div>
  );
}
