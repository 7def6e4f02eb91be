import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { downloadCsv } from '../../shared/csv.ts';
import { LoadMore } from '../../shared/list-controls.tsx';
import { Button, Card, Input, Table } from '../../shared/ui.tsx';
import { playersQuery } from './api.ts';

/** Find players by phone, id or name; keyset pages. */
export function PlayersPage() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const players = useInfiniteQuery(playersQuery(q));
  const rows = players.data?.pages.flatMap((page) => page.items) ?? [];
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };
  return (
    <Card
      title={t('console.nav.players')}
      actions={
        <Button
          variant="plain"
          disabled={rows.length === 0}
          onClick={() => downloadCsv('players.csv', ['userId', 'phone', 'nickname', 'createdAt'], rows)}
        >
          {t('console.common.exportCsv')}
        </Button>
      }
    >
      <form onSubmit={search} className="mb-3 flex gap-2">
        <Input
          className="w-80"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={t('console.players.searchPlaceholder')}
          aria-label={t('console.players.searchPlaceholder')}
        />
        <Button type="submit">{t('console.common.search')}</Button>
      </form>
      <Table
        head={[
          t('console.common.id'),
          t('console.players.phone'),
          t('console.players.nickname'),
          t('console.players.joined'),
          '',
        ]}
      >
        {rows.map((row) => (
          <tr key={row.userId}>
            <td className="px-2 py-2 tabular-nums">{row.userId}</td>
            <td className="px-2 py-2 tabular-nums">{row.phone}</td>
            <td className="px-2 py-2">{row.nickname}</td>
            <td className="px-2 py-2 text-slate-500">{new Date(row.createdAt).toLocaleString()}</td>
            <td className="px-2 py-2 text-right">
              <Link className="text-blue-700 underline" to={paths.player(row.userId)}>
                {t('console.players.open')}
              </Link>
            </td>
          </tr>
        ))}
      </Table>
      {rows.length === 0 && !players.isLoading && (
        <p className="py-4 text-sm text-slate-500">{t('console.common.empty')}</p>
      )}
      <LoadMore query={players} />
    </Card>
  );
}
