import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { Badge, Button, Card, ErrorLine, Table } from '../../shared/ui.tsx';
import { paymentRoleLabel } from './labels.ts';

/** Lower-case letters and single spaces: how a holder name is compared with the verified name. */
const normal = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * One payment operator (a row of the list, clicked): who they are, KYC and limits, the quota balance,
 * the group they work in, and every receiving card with the name on it (a name that differs from the
 * verified one is marked).
 */
export function OperatorDetail({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['console', 'operator', userId],
    queryFn: () => api.console.operator({ params: { userId } }),
  });
  const row = detail.data;
  const field = (label: string, value: string) => (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
  const dash = '—';
  return (
    <Card
      title={t('consoleScreens.people.operatorHeading', { name: row?.nickname ?? `#${userId}` })}
      actions={
        <Button variant="plain" onClick={onClose}>
          {t('consoleScreens.people.close')}
        </Button>
      }
    >
      <ErrorLine error={detail.error ? errorText(detail.error) : null} />
      {row && (
        <div className="flex flex-col gap-4" data-testid="operator-detail">
          <dl className="grid grid-cols-4 gap-3 text-sm">
            {field(t('console.common.id'), String(row.userId))}
            {field(t('console.players.phone'), row.phone)}
            {field(
              t('consoleScreens.people.paymentRole'),
              row.paymentRole ? paymentRoleLabel(t, row.paymentRole) : dash,
            )}
            {field(
              t('consoleScreens.people.lastSeen'),
              row.lastSeenAt ? new Date(row.lastSeenAt).toLocaleString() : t('consoleScreens.people.never'),
            )}
            <div>
              <dt className="text-xs text-slate-500">{t('console.operators.kyc')}</dt>
              <dd>
                <Badge
                  tone={
                    row.kycStatus === 'verified' ? 'green' : row.kycStatus === 'pending' ? 'amber' : 'red'
                  }
                >
                  {t(`console.operators.${row.kycStatus}`)}
                </Badge>
              </dd>
            </div>
            {field(t('console.operators.verifiedName'), row.verifiedName ?? dash)}
            {field(
              t('console.operators.working'),
              row.working ? t('console.operators.yes') : t('console.operators.no'),
            )}
            {field(
              t('consoleScreens.people.takesOrders'),
              row.spaPay ? t('console.operators.yes') : t('console.operators.no'),
            )}
            {field(t('console.operators.perOrderMax'), row.perOrderMax)}
            {field(t('console.operators.dailyMax'), row.dailyMax)}
            {field(t('console.operators.commission'), `${(row.commissionBps / 100).toFixed(2)}%`)}
          </dl>
          <section>
            <h3 className="mb-1 text-sm font-semibold">{t('consoleScreens.people.quotaHeading')}</h3>
            {row.quota ? (
              <dl className="grid grid-cols-4 gap-3 text-sm">
                {field(t('consoleScreens.people.quota'), `${row.quota.quota} ${row.quota.currency}`)}
                {field(t('consoleScreens.people.held'), `${row.quota.held} ${row.quota.currency}`)}
                {field(t('consoleScreens.people.available'), `${row.quota.available} ${row.quota.currency}`)}
                {field(
                  t('consoleScreens.people.commissionBalance'),
                  `${row.quota.commission} ${row.quota.currency}`,
                )}
              </dl>
            ) : (
              <p className="text-sm text-slate-500">{t('consoleScreens.people.noQuota')}</p>
            )}
          </section>
          <section>
            <h3 className="mb-1 text-sm font-semibold">{t('consoleScreens.people.groupHeading')}</h3>
            {row.group ? (
              <p className="text-sm">
                {row.group.leads
                  ? t('consoleScreens.people.leadsGroup', { group: row.group.name })
                  : t('consoleScreens.people.memberOf', {
                      group: row.group.name,
                      leader: row.group.leaderName ?? `#${row.group.leaderId}`,
                    })}
              </p>
            ) : (
              <p className="text-sm text-slate-500">{t('consoleScreens.people.noGroup')}</p>
            )}
          </section>
          <section>
            <h3 className="mb-1 text-sm font-semibold">
              {t('consoleScreens.people.cardsHeading', { count: row.cards.length })}
            </h3>
            <Table
              head={[
                t('consoleScreens.people.bank'),
                t('consoleScreens.people.accountNo'),
                t('consoleScreens.people.holderName'),
                t('console.common.status'),
                t('consoleScreens.people.added'),
              ]}
            >
              {row.cards.map((card) => (
                <tr key={card.id}>
                  <td className="px-2 py-2">{card.bankCode}</td>
                  <td className="px-2 py-2 tabular-nums">{card.accountNo}</td>
                  <td className="px-2 py-2">
                    {card.holderName}
                    {row.verifiedName && normal(row.verifiedName) !== normal(card.holderName) && (
                      <span className="ml-2">
                        <Badge tone="red">{t('consoleScreens.people.nameDiffers')}</Badge>
                      </span>
                    )}
                  </td>
                  <td className="px-2 py-2">
                    <Badge tone={card.active ? 'green' : 'slate'}>
                      {card.active
                        ? t('consoleScreens.people.cardActive')
                        : t('consoleScreens.people.cardIdle')}
                    </Badge>
                  </td>
                  <td className="px-2 py-2 tabular-nums">{new Date(card.createdAt).toLocaleDateString()}</td>
                </tr>
              ))}
            </Table>
            {row.cards.length === 0 && (
              <p className="py-2 text-sm text-slate-500">{t('consoleScreens.people.noCards')}</p>
            )}
          </section>
        </div>
      )}
    </Card>
  );
}
