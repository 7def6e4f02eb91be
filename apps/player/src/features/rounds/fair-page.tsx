import { ROUND_DEV_SALT_SOURCE, ROUND_GAMES, type RoundGame, type RoundWire } from '@payhub/contracts';
import { chainRoundOf, crashPointCents, wingoNumber } from '@payhub/games';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { roundHistoryQuery, roundStateQuery, useFormatCents } from './api.ts';

type Verdict = 'ok' | 'bad';

/** Re-derives a round in the browser with @payhub/games: its hash belongs to the chain at its number, and hash + salt give its result. */
function verifyRound(round: RoundWire, terminating: string, salt: string, maxSteps: number): Verdict {
  if (!round.hash || round.result === null || round.state !== 'ended') return 'bad';
  if (chainRoundOf(round.hash, terminating, maxSteps) !== round.chainRound) return 'bad';
  const result = round.game === 'crash' ? crashPointCents(round.hash, salt) : wingoNumber(round.hash, salt);
  return result === round.result ? 'ok' : 'bad';
}

/** The fairness page of a round game: the chain's terminating hash and salt, each ended round's hash, verification in the browser. */
export default function RoundsFairPage() {
  const { t } = useTranslation();
  const formatCents = useFormatCents();
  const params = useParams();
  const game = (ROUND_GAMES as readonly string[]).includes(params.game ?? '')
    ? (params.game as RoundGame)
    : 'crash';
  const state = useQuery(roundStateQuery(game));
  const history = useQuery(roundHistoryQuery(game));
  const [verdicts, setVerdicts] = useState<Map<string, Verdict>>(new Map());
  const fairness = state.data?.fairness;
  const rounds = (history.data?.items ?? []).filter((round) => round.state === 'ended');

  function verifyAll() {
    if (!fairness?.salt) return;
    const next = new Map<string, Verdict>();
    for (const round of rounds)
      next.set(round.id, verifyRound(round, fairness.terminatingHash, fairness.salt, fairness.chainLength));
    setVerdicts(next);
  }

  const gameName =
    game === 'crash'
      ? t('playerRounds.nav.crash')
      : `${t('playerRounds.nav.wingo')} ${t(`playerRounds.wingo.modes.${game}`)}`;
  return (
    <div className="min-h-dvh">
      <PageHeader
        title={t('playerRounds.fair.title', { game: gameName })}
        backTo={game === 'crash' ? paths.crash : paths.wingo}
        backLabel={t('player.back')}
      />
      <main className="mx-auto flex max-w-md flex-col gap-4 px-4 pt-3 pb-8">
        <p className="text-[13px] text-slate-600">{t('playerRounds.fair.explain')}</p>
        <dl className="flex flex-col gap-2 rounded-2xl bg-white p-4 text-[13px] ring-1 ring-slate-200">
          <dt className="font-semibold text-slate-700">{t('playerRounds.fair.terminating')}</dt>
          <dd className="break-all font-mono text-[12px]" data-testid="fair-terminating">
            {fairness?.terminatingHash ?? '…'}
          </dd>
          <dt className="font-semibold text-slate-700">{t('playerRounds.fair.salt')}</dt>
          <dd className="break-all font-mono text-[12px]" data-testid="fair-salt">
            {fairness?.salt ?? t('playerRounds.fair.saltPending')}
          </dd>
          {fairness?.saltSource && (
            <>
              <dt className="font-semibold text-slate-700">{t('playerRounds.fair.saltSource')}</dt>
              <dd data-testid="fair-salt-source">
                {fairness.saltSource === ROUND_DEV_SALT_SOURCE
                  ? t('playerRounds.fair.devSalt')
                  : fairness.saltSource}
              </dd>
            </>
          )}
          <dt className="font-semibold text-slate-700">{t('playerRounds.fair.chainLength')}</dt>
          <dd>{fairness?.chainLength ?? '…'}</dd>
        </dl>
        <button
          type="button"
          onClick={verifyAll}
          disabled={!fairness?.salt || rounds.length === 0}
          data-testid="fair-verify"
          className="h-11 rounded-xl bg-brand-600 text-[14px] font-semibold text-white disabled:bg-brand-200"
        >
          {t('playerRounds.fair.verify')}
        </button>
        <section className="rounded-2xl bg-white p-4 ring-1 ring-slate-200">
          <h2 className="text-[14px] font-semibold text-slate-800">{t('playerRounds.fair.rounds')}</h2>
          <ul className="divide-y divide-slate-100">
            {rounds.map((round) => {
              const verdict = verdicts.get(round.id);
              return (
                <li
                  key={round.id}
                  className="flex flex-col gap-1 py-2 text-[12px]"
                  data-testid="fair-round"
                  data-verdict={verdict ?? ''}
                >
                  <div className="flex justify-between">
                    <span className="font-semibold">
                      {/* A crash round's game number is its chain and round ("5-2"): the round alone says it. */}
                      {game === 'crash'
                        ? t('playerRounds.fair.roundNumber', { round: round.chainRound })
                        : t('playerRounds.fair.round', { round: round.chainRound, period: round.period })}
                    </span>
                    <span>
                      {t('playerRounds.fair.result', {
                        result:
                          round.result === null
                            ? '—'
                            : game === 'crash'
                              ? formatCents(round.result)
                              : String(round.result),
                      })}
                    </span>
                  </div>
                  <span className="break-all font-mono text-slate-500">{round.hash}</span>
                  {verdict && (
                    <span className={verdict === 'ok' ? 'text-emerald-700' : 'text-rose-600'}>
                      {verdict === 'ok' ? t('playerRounds.fair.verified') : t('playerRounds.fair.mismatch')}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      </main>
    </div>
  );
}
