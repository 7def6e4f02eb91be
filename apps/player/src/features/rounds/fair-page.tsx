import { ROUND_DEV_SALT_SOURCE, ROUND_GAMES, type RoundGame } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { roundHistoryQuery, roundStateQuery, useFormatCents } from './api.ts';
import { createFairCheck, type Verdict } from './fair-check.ts';

/** Main-thread time a slice of the walk takes before the page paints its progress. */
const WALK_SLICE_MS = 12;
const STEPS_BETWEEN_CLOCK_READS = 2_000;

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
  /** The walk's progress, 0–1, while it runs. */
  const [progress, setProgress] = useState<number | null>(null);
  /** Bumped to stop a run (leaving the page, a new run). */
  const run = useRef(0);
  useEffect(
    () => () => {
      run.current += 1;
    },
    [],
  );
  const fairness = state.data?.fairness;
  const rounds = (history.data?.items ?? []).filter((round) => round.state === 'ended');
  const chains = new Map((history.data?.chains ?? []).map((chain) => [chain.chainId, chain]));

  /** Every round against its own chain (fair-check.ts), in slices between frames: a production chain is 10⁶ steps. */
  function verifyAll() {
    const check = createFairCheck(rounds, history.data?.chains ?? []);
    const mine = ++run.current;
    setVerdicts(new Map());
    setProgress(0);
    const slice = () => {
      if (run.current !== mine) return;
      const until = performance.now() + WALK_SLICE_MS;
      let finished = check.advance(STEPS_BETWEEN_CLOCK_READS);
      while (!finished && performance.now() < until) finished = check.advance(STEPS_BETWEEN_CLOCK_READS);
      if (!finished) {
        setProgress(check.total === 0 ? 0 : check.done / check.total);
        setTimeout(slice, 0);
        return;
      }
      setVerdicts(check.verdicts());
      setProgress(null);
    };
    slice();
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
          disabled={!fairness?.salt || rounds.length === 0 || progress !== null}
          data-testid="fair-verify"
          className="h-11 rounded-xl bg-brand-600 text-[14px] font-semibold text-white disabled:bg-brand-200"
        >
          {progress === null
            ? t('playerRounds.fair.verify')
            : t('playerRounds.fair.checking', { percent: Math.floor(progress * 100) })}
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
                  {fairness && round.chainId !== fairness.chainId && (
                    <span className="break-all text-slate-500">
                      {t('playerRounds.fair.previousChain', {
                        hash: chains.get(round.chainId)?.terminatingHash ?? '…',
                      })}
                    </span>
                  )}
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
