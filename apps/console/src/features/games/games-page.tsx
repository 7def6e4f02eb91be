import {
  type ConsoleRoundStakes,
  GAME_EDGE_BOUNDS,
  type GameConfigWire,
  ROUND_DEV_SALT_SOURCE,
} from '@payhub/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorText } from '../../lib/api.ts';
import { useCan } from '../../lib/staff.ts';
import { Badge, Button, Card, ErrorLine, Input, Table } from '../../shared/ui.tsx';

const gamesQuery = { queryKey: ['console', 'games'], queryFn: () => api.console.games() };

/** An amount of a settings row, named for screen readers by what it is, the game and the asset. */
function AmountInput(props: {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      aria-label={props.label}
      className="w-36 tabular-nums"
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}

/** One game in one asset: the switch, bet range, max payout and (mines, fruit bomb) the edge. */
function ConfigRow({ config, editable }: { config: GameConfigWire; editable: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState(config);
  const bounds =
    config.game in GAME_EDGE_BOUNDS ? GAME_EDGE_BOUNDS[config.game as keyof typeof GAME_EDGE_BOUNDS] : null;
  const save = useMutation({
    mutationFn: (body: GameConfigWire) => api.console.updateGame({ body }),
    onSuccess: async (saved) => {
      setDraft(saved);
      await client.invalidateQueries({ queryKey: gamesQuery.queryKey });
    },
  });
  const id = `${config.game}-${config.asset}`;
  const unchanged = (['enabled', 'minBet', 'maxBet', 'maxPayout', 'edgeBp'] as const).every(
    (key) => draft[key] === config[key],
  );
  const field = (key: 'minBet' | 'maxBet' | 'maxPayout') => (
    <AmountInput
      label={`${t(`console.games.${key}`)} ${config.game} ${config.asset}`}
      value={draft[key]}
      disabled={!editable}
      onChange={(value) => setDraft({ ...draft, [key]: value })}
    />
  );
  return (
    <tr data-testid={`game-${id}`}>
      <td className="px-2 py-1.5 font-medium">{config.game}</td>
      <td className="px-2 py-1.5">{config.asset}</td>
      <td className="px-2 py-1.5">
        <label className="flex items-center gap-1">
          <input
            type="checkbox"
            checked={draft.enabled}
            disabled={!editable}
            onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
          />
          {draft.enabled ? t('console.games.on') : t('console.games.off')}
        </label>
      </td>
      <td className="px-2 py-1.5">{field('minBet')}</td>
      <td className="px-2 py-1.5">{field('maxBet')}</td>
      <td className="px-2 py-1.5">{field('maxPayout')}</td>
      <td className="px-2 py-1.5">
        {bounds ? (
          <span className="flex items-center gap-1">
            <Input
              aria-label={`${t('console.games.edge')} ${config.game} ${config.asset}`}
              className="w-16 tabular-nums"
              type="number"
              min={bounds.min}
              max={bounds.max}
              value={draft.edgeBp ?? ''}
              disabled={!editable}
              onChange={(event) => setDraft({ ...draft, edgeBp: Number(event.target.value) })}
            />
            <span className="text-xs text-slate-500">
              {t('console.games.edgeBounds', { min: bounds.min, max: bounds.max })}
            </span>
          </span>
        ) : (
          <span className="text-xs text-slate-500">{t('console.games.fixedEdge')}</span>
        )}
      </td>
      <td className="px-2 py-1.5">
        {editable && (
          <Button disabled={unchanged || save.isPending} onClick={() => save.mutate(draft)}>
            {t('console.games.save')}
          </Button>
        )}
        {save.isSuccess && <span className="ml-2 text-xs text-emerald-700">{t('console.games.saved')}</span>}
        <ErrorLine error={save.error ? errorText(save.error) : null} />
      </td>
    </tr>
  );
}

/** Crash's or wingo's stake range in one asset: the smallest and largest stake of one bet. */
function RoundStakesRow({ stakes, editable }: { stakes: ConsoleRoundStakes; editable: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [draft, setDraft] = useState({ minStake: stakes.minStake, maxStake: stakes.maxStake });
  const refresh = () => client.invalidateQueries({ queryKey: gamesQuery.queryKey });
  const save = useMutation({
    mutationFn: () =>
      api.console.updateRoundStakes({ body: { game: stakes.game, asset: stakes.asset, ...draft } }),
    onSuccess: refresh,
  });
  const reset = useMutation({
    mutationFn: () => api.console.resetRoundStakes({ body: { game: stakes.game, asset: stakes.asset } }),
    onSuccess: refresh,
  });
  const unchanged = draft.minStake === stakes.minStake && draft.maxStake === stakes.maxStake;
  const failed = save.error ?? reset.error;
  const field = (key: 'minStake' | 'maxStake') => (
    <AmountInput
      label={`${t(`console.games.${key}`)} ${stakes.game} ${stakes.asset}`}
      value={draft[key]}
      disabled={!editable}
      onChange={(value) => setDraft({ ...draft, [key]: value })}
    />
  );
  return (
    <tr data-testid={`round-stakes-${stakes.game}-${stakes.asset}`}>
      <td className="px-2 py-1.5 font-medium">{stakes.game}</td>
      <td className="px-2 py-1.5">{stakes.asset}</td>
      <td className="px-2 py-1.5">{field('minStake')}</td>
      <td className="px-2 py-1.5">{field('maxStake')}</td>
      <td className="px-2 py-1.5">
        <Badge tone={stakes.custom ? 'green' : 'slate'}>
          {stakes.custom ? t('console.games.custom') : t('console.games.defaults')}
        </Badge>
      </td>
      <td className="px-2 py-1.5">
        {editable && (
          <div className="flex flex-wrap items-center gap-2">
            {/* Nothing to send while the fields show what is stored. */}
            <Button disabled={unchanged || save.isPending} onClick={() => save.mutate()}>
              {t('console.games.save')}
            </Button>
            {stakes.custom && (
              <Button variant="plain" disabled={reset.isPending} onClick={() => reset.mutate()}>
                {t('console.games.resetStakes')}
              </Button>
            )}
          </div>
        )}
        {(save.isSuccess || reset.isSuccess) && (
          <span className="ml-2 text-xs text-emerald-700">{t('console.games.saved')}</span>
        )}
        <ErrorLine error={failed ? errorText(failed) : null} />
      </td>
    </tr>
  );
}

/** Fixing a chain's salt once: a public value nobody chose (a future Bitcoin block's hash) and where it comes from. */
function SaltForm({
  game,
  terminatingHash,
}: {
  game: 'crash' | 'wingo30' | 'wingo60' | 'wingo120';
  terminatingHash: string;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [salt, setSalt] = useState('');
  const [source, setSource] = useState('');
  const fix = useMutation({
    mutationFn: () =>
      api.console.setRoundSalt({ body: { game, terminatingHash, salt: salt.trim(), source } }),
    onSuccess: () => client.invalidateQueries({ queryKey: gamesQuery.queryKey }),
  });
  return (
    <div className="mt-2 flex flex-wrap items-end gap-2">
      <Input
        aria-label={`${t('console.games.salt')} ${game}`}
        placeholder={t('console.games.salt')}
        className="w-80 font-mono"
        value={salt}
        onChange={(event) => setSalt(event.target.value)}
      />
      <Input
        aria-label={`${t('console.games.saltSource')} ${game}`}
        placeholder={t('console.games.saltSource')}
        className="w-64"
        value={source}
        onChange={(event) => setSource(event.target.value)}
      />
      <Button
        disabled={fix.isPending || salt.trim() === '' || source.trim() === ''}
        onClick={() => fix.mutate()}
      >
        {t('console.games.fixSalt')}
      </Button>
      <ErrorLine error={fix.error ? errorText(fix.error) : null} />
    </div>
  );
}

/** Games settings of the project, and the crash/wingo hash chains' status (docs/console.md "Games"). */
export function GamesPage() {
  const { t } = useTranslation();
  const canEdit = useCan('updateGame');
  const canSalt = useCan('setRoundSalt');
  const canSetStakes = useCan('updateRoundStakes');
  const games = useQuery(gamesQuery);
  return (
    <div className="flex flex-col gap-4">
      <Card title={t('console.games.heading')}>
        <ErrorLine error={games.error ? errorText(games.error) : null} />
        <Table
          head={[
            t('console.games.game'),
            t('console.players.asset'),
            t('console.games.enabled'),
            t('console.games.minBet'),
            t('console.games.maxBet'),
            t('console.games.maxPayout'),
            t('console.games.edge'),
            '',
          ]}
        >
          {(games.data?.configs ?? []).map((config) => (
            <ConfigRow
              key={`${config.game}-${config.asset}-${config.enabled}-${config.minBet}-${config.maxBet}-${config.maxPayout}-${config.edgeBp}`}
              config={config}
              editable={canEdit}
            />
          ))}
        </Table>
      </Card>
      <Card title={t('console.games.roundStakes')}>
        <p className="mb-2 text-xs text-slate-500">{t('console.games.roundStakesHint')}</p>
        <Table
          head={[
            t('console.games.game'),
            t('console.players.asset'),
            t('console.games.minStake'),
            t('console.games.maxStake'),
            '',
            '',
          ]}
        >
          {(games.data?.roundStakes ?? []).map((stakes) => (
            <RoundStakesRow
              key={`${stakes.game}-${stakes.asset}-${stakes.minStake}-${stakes.maxStake}-${stakes.custom}`}
              stakes={stakes}
              editable={canSetStakes}
            />
          ))}
        </Table>
      </Card>
      <Card title={t('console.games.chains')}>
        <div className="flex flex-col gap-3">
          {(games.data?.chains ?? []).map((chain) => (
            <div
              key={chain.game}
              className="rounded-md border border-slate-200 p-3 text-sm"
              data-testid={`chain-${chain.game}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-semibold">{chain.game}</span>
                {chain.fairness === null ? (
                  <Badge tone="slate">{t('console.games.noChain')}</Badge>
                ) : chain.fairness.salt === null ? (
                  <Badge tone="amber">{t('console.games.saltPending')}</Badge>
                ) : (
                  <Badge tone="green">{t('console.games.saltPublished')}</Badge>
                )}
                {chain.fairness && (
                  <span className="text-xs text-slate-500">
                    {t('console.games.roundsPlayed', {
                      played: chain.roundsPlayed,
                      length: chain.fairness.chainLength,
                    })}
                  </span>
                )}
              </div>
              {chain.fairness && (
                <dl className="mt-1 grid grid-cols-[10rem_1fr] gap-x-2 text-xs">
                  <dt className="text-slate-500">{t('console.games.terminatingHash')}</dt>
                  <dd className="break-all font-mono">{chain.fairness.terminatingHash}</dd>
                  <dt className="text-slate-500">{t('console.games.salt')}</dt>
                  <dd className="break-all font-mono">{chain.fairness.salt ?? '—'}</dd>
                  <dt className="text-slate-500">{t('console.games.saltSource')}</dt>
                  <dd>
                    {chain.fairness.saltSource === ROUND_DEV_SALT_SOURCE
                      ? t('console.games.devSalt')
                      : (chain.fairness.saltSource ?? '—')}
                  </dd>
                </dl>
              )}
              {chain.fairness && chain.fairness.salt === null && canSalt && (
                <SaltForm game={chain.game} terminatingHash={chain.fairness.terminatingHash} />
              )}
            </div>
          ))}
        </div>
      </Card>
    </div>
  );
}
