import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useCan } from '../../lib/staff.ts';
import { Badge, Card, ErrorLine, Table } from '../../shared/ui.tsx';
import { identityQuery } from './api.ts';

const TONE = { pending: 'amber', approved: 'green', rejected: 'red' } as const;
const TIERS = ['0', '1', '2'] as const;

/** The player's identity tier, tier-1 declaration and every tier-2 submission with its review. */
export function PlayerIdentity({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const identity = useQuery(identityQuery(userId));
  const mayReview = useCan('kycQueue');
  const data = identity.data;
  const tier = TIERS.find((value) => value === String(data?.tier)) ?? '0';
  return (
    <Card title={t('consoleScreens.identity.heading')}>
      <ErrorLine error={identity.error ? errorText(identity.error) : null} />
      {data && (
        <div className="flex flex-col gap-3 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-slate-500">{t('consoleScreens.identity.tier')}</dt>
            <dd data-testid="player-tier">
              <Badge tone={data.tier >= 2 ? 'green' : data.tier === 1 ? 'amber' : 'slate'}>
                {t(`consoleScreens.identity.tiers.${tier}`)}
              </Badge>
            </dd>
            <dt className="text-slate-500">{t('consoleScreens.identity.declaredName')}</dt>
            <dd>{data.fullName ?? t('consoleScreens.identity.notDeclared')}</dd>
            <dt className="text-slate-500">{t('consoleScreens.identity.birthDate')}</dt>
            <dd className="tabular-nums">{data.birthDate ?? '—'}</dd>
          </dl>
          {data.underAge && (
            <p role="alert" className="text-red-700">
              {t('consoleScreens.identity.underAge', { age: data.minimumAge })}
            </p>
          )}
          <h3 className="font-medium text-slate-900">{t('consoleScreens.identity.documents')}</h3>
          {data.documents.length === 0 ? (
            <p className="text-slate-500">{t('consoleScreens.identity.noDocuments')}</p>
          ) : (
            <Table
              head={[
                t('console.common.id'),
                t('consoleScreens.identity.submitted'),
                t('consoleScreens.identity.decision'),
                t('consoleScreens.identity.reviewer'),
                t('consoleScreens.identity.decidedAt'),
                t('consoleScreens.identity.reason'),
              ]}
            >
              {data.documents.map((row) => (
                <tr key={row.id} className="align-top">
                  <td className="px-2 py-1.5 tabular-nums">{row.id}</td>
                  <td className="px-2 py-1.5 text-slate-500">{new Date(row.submittedAt).toLocaleString()}</td>
                  <td className="px-2 py-1.5">
                    <Badge tone={TONE[row.status]}>
                      {t(`consoleScreens.identity.statuses.${row.status}`)}
                    </Badge>
                    {row.status === 'pending' && mayReview && (
                      <Link className="ml-2 text-blue-700 underline" to={paths.kyc}>
                        {t('consoleScreens.identity.review')}
                      </Link>
                    )}
                  </td>
                  <td className="px-2 py-1.5">
                    {row.decidedBy === null ? '—' : `${row.decidedByName ?? ''} #${row.decidedBy}`}
                  </td>
                  <td className="px-2 py-1.5 text-slate-500">
                    {row.decidedAt ? new Date(row.decidedAt).toLocaleString() : '—'}
                  </td>
                  <td className="px-2 py-1.5">{row.reason ?? ''}</td>
                </tr>
              ))}
            </Table>
          )}
        </div>
      )}
    </Card>
  );
}
