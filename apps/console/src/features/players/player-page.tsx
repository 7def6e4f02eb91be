import { ASSET_CODES, type Asset } from '@payhub/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { api, errorText } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { useCan } from '../../lib/staff.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { LoadMore } from '../../shared/list-controls.tsx';
import { Button, Card, ErrorLine, Input, Select, Table } from '../../shared/ui.tsx';
import { historyQuery, notesQuery, playerQuery } from './api.ts';
import { PlayerIdentity } from './player-identity.tsx';
import { PlayerLimits } from './player-limits.tsx';
import { PlayerSessions } from './player-sessions.tsx';

/**
 * One player: profile, balances per asset, identity tier and KYC documents, limits and exclusions
 * (view only), signed-in sessions, history, staff notes and a manual adjustment request.
 */
export function PlayerPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const player = useQuery(playerQuery(userId));
  const history = useInfiniteQuery(historyQuery(userId));
  const rows = history.data?.pages.flatMap((page) => page.items) ?? [];
  const maySessions = useCan('playerSessions');
  const mayLimits = useCan('playerLimits');
  const mayIdentity = useCan('playerIdentity');
  if (player.isError) return <ErrorLine error={errorText(player.error)} />;
  if (!player.data) return <p className="text-sm text-slate-500">{t('console.common.loading')}</p>;
  return (
    <div className="flex flex-col gap-4">
      <Link to={paths.players} className="text-sm text-blue-700 underline">
        ← {t('console.common.back')}
      </Link>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-[1fr_1.5fr_1fr]">
        <Card title={t('console.players.profile')}>
          <dl className="grid grid-cols-2 gap-y-1 text-sm">
            <dt className="text-slate-500">{t('console.common.id')}</dt>
            <dd className="tabular-nums">{player.data.userId}</dd>
            <dt className="text-slate-500">{t('console.players.phone')}</dt>
            <dd className="tabular-nums">{player.data.phone}</dd>
            <dt className="text-slate-500">{t('console.players.nickname')}</dt>
            <dd>{player.data.nickname}</dd>
            <dt className="text-slate-500">{t('console.players.joined')}</dt>
            <dd>{new Date(player.data.createdAt).toLocaleString()}</dd>
          </dl>
        </Card>
        <Card title={t('console.players.balances')}>
          <Table
            head={[
              t('console.players.asset'),
              t('console.players.balance'),
              t('console.players.held'),
              t('console.players.available'),
            ]}
          >
            {player.data.balances.map((row) => (
              <tr key={row.asset}>
                <td className="px-2 py-1.5 font-medium">{row.asset}</td>
                <td className="px-2 py-1.5 tabular-nums">{row.balance}</td>
                <td className="px-2 py-1.5 tabular-nums">{row.held}</td>
                <td className="px-2 py-1.5 tabular-nums">{row.available}</td>
              </tr>
            ))}
          </Table>
        </Card>
        <AdjustmentForm userId={userId} />
      </div>
      <div className="grid gap-4 xl:grid-cols-2">
        {mayIdentity && <PlayerIdentity userId={userId} />}
        {mayLimits && <PlayerLimits userId={userId} />}
      </div>
      {maySessions && <PlayerSessions userId={userId} />}
      <Card
        title={t('console.players.history')}
        actions={
          <Button
            variant="plain"
            disabled={rows.length === 0}
            onClick={() =>
              downloadCsv(
                `player-${userId}-history.csv`,
                [
                  'id',
                  'createdAt',
                  'asset',
                  'type',
                  'code',
                  'amount',
                  'balanceAfter',
                  'objectType',
                  'objectId',
                ],
                rows,
              )
            }
          >
            {t('console.common.exportCsv')}
          </Button>
        }
      >
        <Table
          head={[
            t('console.common.date'),
            t('console.players.asset'),
            t('console.players.type'),
            t('console.players.amount'),
            t('console.players.balanceAfter'),
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="px-2 py-1.5 text-slate-500">{new Date(row.createdAt).toLocaleString()}</td>
              <td className="px-2 py-1.5">{row.asset}</td>
              <td className="px-2 py-1.5">{t(`console.historyTypes.${row.type}`)}</td>
              <td
                className={`px-2 py-1.5 tabular-nums ${row.amount.startsWith('-') ? 'text-red-700' : 'text-emerald-700'}`}
              >
                {row.amount}
              </td>
              <td className="px-2 py-1.5 tabular-nums">{row.balanceAfter ?? ''}</td>
            </tr>
          ))}
        </Table>
        {rows.length === 0 && !history.isLoading && (
          <p className="py-3 text-sm text-slate-500">{t('console.common.empty')}</p>
        )}
        <LoadMore query={history} />
      </Card>
      <Notes userId={userId} />
    </div>
  );
}

function Notes({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notes = useQuery(notesQuery(userId));
  const mayAdd = useCan('addNote');
  const [body, setBody] = useState('');
  const add = useMutation({
    mutationFn: () => api.console.addNote({ params: { userId }, body: { body } }),
    onSuccess: () => {
      setBody('');
      void queryClient.invalidateQueries({ queryKey: notesQuery(userId).queryKey });
    },
  });
  return (
    <Card title={t('console.players.notes')}>
      {mayAdd && (
        <div className="mb-3 flex gap-2">
          <Input
            className="flex-1"
            value={body}
            onChange={(event) => setBody(event.target.value)}
            placeholder={t('console.players.notePlaceholder')}
          />
          <Button disabled={!body.trim() || add.isPending} onClick={() => add.mutate()}>
            {t('console.players.addNote')}
          </Button>
        </div>
      )}
      <ErrorLine error={add.error ? errorText(add.error) : null} />
      <ul className="flex flex-col gap-2 text-sm">
        {notes.data?.items.map((note) => (
          <li key={note.id} className="rounded bg-slate-50 p-2">
            <p>{note.body}</p>
            <p className="text-xs text-slate-500">
              #{note.authorId} · {new Date(note.createdAt).toLocaleString()}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function AdjustmentForm({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const may = useCan('requestAdjustment');
  const [asset, setAsset] = useState<Asset>('IDR');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const request = useMutation({
    mutationFn: () =>
      api.console.requestAdjustment({ body: { userId, asset, amount: amount.trim(), reason } }),
    onSuccess: () => {
      setAmount('');
      setReason('');
    },
  });
  if (!may) return null;
  return (
    <Card title={t('console.players.adjust')}>
      <div className="flex flex-col gap-2 text-sm">
        <Select
          value={asset}
          onChange={(event) => setAsset(event.target.value as Asset)}
          aria-label={t('console.players.asset')}
        >
          {ASSET_CODES.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </Select>
        <Input
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          placeholder={t('console.players.adjustAmount')}
          aria-label={t('console.players.adjustAmount')}
        />
        <Input
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          placeholder={t('console.players.adjustReason')}
          aria-label={t('console.players.adjustReason')}
        />
        <ErrorLine error={request.error ? errorText(request.error) : null} />
        {request.isSuccess && (
          <p className="text-sm text-emerald-700">{t('console.players.adjustRequested')}</p>
        )}
        <Button
          disabled={!amount.trim() || reason.trim().length < 3 || request.isPending}
          onClick={() => request.mutate()}
        >
          {t('console.players.adjustSubmit')}
        </Button>
      </div>
    </Card>
  );
}
