import type { BetWire, GameIdWire } from '@payhub/contracts';
import { isGameId, type VerifyOutcome } from '@payhub/games';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { Button } from '../../shared/ui/button.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { betDetailQuery, GAMES_KEYS, myBetsQuery, seedsQuery } from './api.ts';
import { useMultiplierText } from './use-bet-setup.ts';
import { type VerifySteps, verifySteps } from './verify-steps.ts';

const FLOATS_SHOWN = 8;
const MAPPING_SHOWN = 25;

/** Whether the recomputed outcome is the one the server recorded for the bet. */
export function matchesRecorded(bet: BetWire, outcome: VerifyOutcome): boolean {
  const recorded = bet.outcome;
  const same = (left: readonly unknown[], right: readonly unknown[]) =>
    left.length <= right.length && left.every((value, index) => value === right[index]);
  switch (recorded.game) {
    case 'dice':
      return 'roll' in outcome && Math.round(outcome.roll * 100) === recorded.roll;
    case 'roller':
      return 'number' in outcome && outcome.number === recorded.number;
    case 'roulette':
      return 'pocket' in outcome && outcome.pocket === recorded.pocket;
    case 'coinflip':
      return 'flips' in outcome && same(recorded.sides, outcome.flips);
    case 'mines':
      return (
        'mines' in outcome && recorded.minePositions !== null && same(recorded.minePositions, outcome.mines)
      );
    case 'hilo':
      return 'cards' in outcome && same(recorded.cards, outcome.cards);
    case 'fruit-bomb':
      return (
        'board' in outcome &&
        recorded.tiles.every((tile, index) => tile === null || tile === outcome.board[index])
      );
    default:
      return false;
  }
}

function Mono({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <code
      data-testid={testId}
      className="block rounded-lg bg-slate-100 px-2 py-1.5 font-mono text-[11.5px] leading-snug break-all text-slate-800"
    >
      {children}
    </code>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-[12px] font-medium text-slate-500">{label}</span>
      {children}
    </div>
  );
}

function countOf(bet: BetWire | undefined): string {
  if (bet?.params.game === 'mines') return String(bet.params.mines);
  if (bet?.params.game === 'fruit-bomb') return String(bet.params.bombs);
  return '3';
}

/**
 * A game's fairness page: the active server-seed hash, the next one (shown before the player chooses
 * a client seed), the client seed (editable), the nonce, rotation (which reveals the old server seed),
 * and a verifier that recomputes any bet in the browser with @payhub/games and shows every step.
 */
export default function FairnessPage() {
  const { game = '' } = useParams();
  if (!isGameId(game)) return <Navigate to={paths.games} replace />;
  return <Fairness game={game} />;
}

function Fairness({ game }: { game: GameIdWire }) {
  const { t } = useTranslation();
  const multiplierText = useMultiplierText();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const betId = search.get('bet');
  const seeds = useQuery(seedsQuery());
  const bets = useQuery(myBetsQuery(game));
  const detail = useQuery({ ...betDetailQuery(betId ?? ''), enabled: betId !== null });
  const [clientSeed, setClientSeed] = useState<string | null>(null);
  const [form, setForm] = useState({ serverSeed: '', clientSeed: '', nonce: '0', count: '3' });
  const [steps, setSteps] = useState<VerifySteps | null>(null);
  const [problem, setProblem] = useState(false);
  const active = seeds.data?.active;
  const seedText = clientSeed ?? active?.clientSeed ?? '';

  // A bet chosen from the list (or linked from "my bets") fills the verifier.
  useEffect(() => {
    const bet = detail.data;
    if (!bet) return;
    setForm({
      serverSeed: bet.serverSeed ?? '',
      clientSeed: bet.clientSeed,
      nonce: String(bet.nonce),
      count: countOf(bet),
    });
    setSteps(null);
  }, [detail.data]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: GAMES_KEYS.seeds });
    void queryClient.invalidateQueries({ queryKey: ['games', 'bet'] });
    // A rotation reveals the server seed of the listed bets.
    void queryClient.invalidateQueries({ queryKey: GAMES_KEYS.allMyBets });
  };
  const save = useMutation({
    mutationFn: () => api.games.setClientSeed({ body: { clientSeed: seedText } }),
    onSuccess: () => {
      setClientSeed(null);
      refresh();
      notify.success(t('playerGames.fairness.clientSeedSaved'));
    },
  });
  const rotate = useMutation({
    mutationFn: () =>
      api.games.rotateSeed({
        body: clientSeed !== null && clientSeed !== active?.clientSeed ? { clientSeed } : {},
      }),
    onSuccess: () => {
      setClientSeed(null);
      refresh();
      notify.success(t('playerGames.fairness.rotated'));
    },
  });

  function run() {
    const nonce = Number(form.nonce);
    const count = Number(form.count);
    try {
      if (!form.serverSeed || !form.clientSeed || !/^\d{1,15}$/.test(form.nonce)) throw new Error('input');
      setSteps(
        verifySteps({
          game,
          serverSeed: form.serverSeed,
          clientSeed: form.clientSeed,
          nonce,
          count: game === 'mines' || game === 'fruit-bomb' ? count : undefined,
          serverSeedHash: detail.data?.serverSeedHash,
        }),
      );
      setProblem(false);
    } catch {
      setSteps(null);
      setProblem(true);
    }
  }

  const field =
    'h-10 w-full rounded-xl bg-white px-3 font-mono text-[13px] ring-1 ring-slate-200 outline-none focus:ring-2 focus:ring-brand-500';
  const name = t(`playerGames.names.${game}`);
  const recordedMatch = steps && detail.data?.serverSeed ? matchesRecorded(detail.data, steps.outcome) : null;
  return (
    <div className="min-h-dvh">
      <PageHeader
        title={t('playerGames.fairness.title', { game: name })}
        backTo={paths.game(game)}
        backLabel={t('playerGames.nav.back')}
      />
      <main className="mx-auto flex max-w-md flex-col gap-3 px-4 pt-3 pb-10">
        <p className="text-[12.5px] leading-relaxed text-slate-600">{t('playerGames.fairness.intro')}</p>
        <section
          className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70"
          data-testid="seed-pair"
        >
          <Row label={t('playerGames.fairness.activeHash')}>
            <Mono testId="active-hash">{active?.serverSeedHash ?? '…'}</Mono>
          </Row>
          <Row label={t('playerGames.fairness.nextHash')}>
            <Mono testId="next-hash">{active?.nextServerSeedHash ?? '…'}</Mono>
          </Row>
          <Row label={t('playerGames.fairness.clientSeed')}>
            <div className="flex gap-1.5">
              <input
                data-testid="client-seed"
                aria-label={t('playerGames.fairness.clientSeed')}
                value={seedText}
                maxLength={64}
                onChange={(event) => setClientSeed(event.target.value.replace(/\s/g, ''))}
                className={field}
              />
              <Button
                variant="secondary"
                className="h-10 shrink-0 px-3 text-[13px]"
                disabled={clientSeed === null || clientSeed === active?.clientSeed || seedText === ''}
                busy={save.isPending}
                data-testid="save-client-seed"
                onClick={() => save.mutate()}
              >
                {t('playerGames.fairness.saveClientSeed')}
              </Button>
            </div>
          </Row>
          <div className="flex items-center justify-between">
            <span className="text-[13px] text-slate-600">
              {t('playerGames.fairness.nonce')}:{' '}
              <strong data-testid="nonce" className="tabular-nums">
                {active?.nonce ?? '…'}
              </strong>
            </span>
            <Button
              className="h-10 px-4 text-[14px]"
              busy={rotate.isPending}
              disabled={!active}
              data-testid="rotate"
              onClick={() => rotate.mutate()}
            >
              <RefreshCw className="size-4" />
              {t('playerGames.fairness.rotate')}
            </Button>
          </div>
        </section>

        {(seeds.data?.revealed.length ?? 0) > 0 && (
          <section
            className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70"
            data-testid="revealed"
          >
            <h2 className="text-[14px] font-semibold text-slate-800">{t('playerGames.fairness.previous')}</h2>
            {seeds.data!.revealed.slice(0, 3).map((pair) => (
              <div
                key={pair.serverSeedHash}
                className="flex flex-col gap-1 border-t border-slate-100 pt-2 first:border-0 first:pt-0"
              >
                <Row label={t('playerGames.fairness.revealedSeed')}>
                  <Mono testId="revealed-seed">{pair.serverSeed}</Mono>
                </Row>
                <span className="text-[11.5px] text-slate-500">
                  {t('playerGames.fairness.clientSeed')}: {pair.clientSeed} ·{' '}
                  {t('playerGames.fairness.nonce')} 0–{Math.max(0, pair.bets - 1)}
                </span>
              </div>
            ))}
          </section>
        )}

        <section
          className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/70"
          data-testid="verifier"
        >
          <div>
            <h2 className="text-[15px] font-bold text-slate-900">{t('playerGames.fairness.verifier')}</h2>
            <p className="text-[12px] text-slate-500">{t('playerGames.fairness.verifierIntro')}</p>
          </div>
          {(bets.data?.items.length ?? 0) > 0 && (
            <ul
              className="flex max-h-40 flex-col overflow-y-auto rounded-xl ring-1 ring-slate-200"
              data-testid="verify-bets"
            >
              {bets.data!.items.map((bet) => (
                <li key={bet.id}>
                  <button
                    type="button"
                    data-testid="verify-bet"
                    onClick={() => setSearch({ bet: bet.id }, { replace: true })}
                    className={clsx(
                      'flex w-full items-center justify-between border-b border-slate-100 px-3 py-2 text-left text-[12.5px] last:border-0',
                      bet.id === betId ? 'bg-brand-50' : 'bg-white',
                    )}
                  >
                    <span className="tabular-nums">
                      {t('playerGames.fairness.nonce')} {bet.nonce}
                    </span>
                    <span className="tabular-nums text-slate-500">
                      {bet.status === 'open' ? '…' : multiplierText(bet.multiplierBp)}
                    </span>
                    <span
                      className={clsx(
                        'text-[11.5px] font-semibold',
                        bet.serverSeed ? 'text-emerald-700' : 'text-slate-500',
                      )}
                    >
                      {t('playerGames.bets.verify')}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {detail.data && !detail.data.serverSeed && (
            <p
              className="rounded-xl bg-amber-50 px-3 py-2 text-[12.5px] text-amber-800"
              data-testid="seed-hidden"
            >
              {t('playerGames.fairness.seedHidden')}
            </p>
          )}
          <label className="flex flex-col gap-1 text-[12px] font-medium text-slate-600">
            {t('playerGames.fairness.serverSeed')}
            <input
              data-testid="verify-server-seed"
              value={form.serverSeed}
              onChange={(event) => setForm({ ...form, serverSeed: event.target.value })}
              className={field}
            />
          </label>
          <label className="flex flex-col gap-1 text-[12px] font-medium text-slate-600">
            {t('playerGames.fairness.clientSeed')}
            <input
              data-testid="verify-client-seed"
              value={form.clientSeed}
              onChange={(event) => setForm({ ...form, clientSeed: event.target.value })}
              className={field}
            />
          </label>
          <div className="grid grid-cols-2 gap-2">
            <label className="flex flex-col gap-1 text-[12px] font-medium text-slate-600">
              {t('playerGames.fairness.nonce')}
              <input
                inputMode="numeric"
                data-testid="verify-nonce"
                value={form.nonce}
                onChange={(event) => setForm({ ...form, nonce: event.target.value })}
                className={field}
              />
            </label>
            {(game === 'mines' || game === 'fruit-bomb') && (
              <label className="flex flex-col gap-1 text-[12px] font-medium text-slate-600">
                {t('playerGames.fairness.count')}
                <input
                  inputMode="numeric"
                  data-testid="verify-count"
                  value={form.count}
                  onChange={(event) => setForm({ ...form, count: event.target.value })}
                  className={field}
                />
              </label>
            )}
          </div>
          <Button block data-testid="verify-run" onClick={run}>
            {t('playerGames.fairness.verify')}
          </Button>
          {problem && (
            <p role="alert" className="text-[12.5px] text-rose-600">
              {t('playerGames.fairness.invalid')}
            </p>
          )}
          {steps && <StepsView steps={steps} recordedMatch={recordedMatch} />}
          <p className="text-[11.5px] text-slate-500">
            {t('playerGames.fairness.cli', {
              command: `npm run -s fair:verify -- --game ${game} --server-seed … --client-seed … --nonce …`,
            })}
          </p>
        </section>
      </main>
    </div>
  );
}

function StepsView({ steps, recordedMatch }: { steps: VerifySteps; recordedMatch: boolean | null }) {
  const { t } = useTranslation();
  const verdict = (ok: boolean, good: string, bad: string, testId: string) => (
    <p
      data-testid={testId}
      data-ok={ok}
      className={clsx(
        'flex items-center gap-1.5 text-[12.5px] font-semibold',
        ok ? 'text-emerald-700' : 'text-rose-700',
      )}
    >
      {ok ? <CheckCircle2 className="size-4" /> : <XCircle className="size-4" />}
      {ok ? good : bad}
    </p>
  );
  return (
    <div className="flex flex-col gap-3 border-t border-slate-100 pt-3" data-testid="verify-steps">
      <Row label={t('playerGames.fairness.stepHash')}>
        <Mono>SHA-256(server seed) = {steps.serverSeedHash}</Mono>
        {steps.hashMatches !== null &&
          verdict(
            steps.hashMatches,
            t('playerGames.fairness.hashOk'),
            t('playerGames.fairness.hashBad'),
            'hash-verdict',
          )}
      </Row>
      <Row label={t('playerGames.fairness.stepHmac')}>
        {steps.rounds.slice(0, 2).map((round) => (
          <Mono key={round.round}>
            HMAC(key = server seed, "{round.message}") = {round.bytesHex}
          </Mono>
        ))}
        {steps.rounds.length > 2 && (
          <span className="text-[11.5px] text-slate-500">+{steps.rounds.length - 2} …</span>
        )}
      </Row>
      <Row label={t('playerGames.fairness.stepFloats')}>
        <Mono>
          {steps.floats.slice(0, FLOATS_SHOWN).map((float) => (
            <span key={float.index} className="block">
              [{float.bytes.join(', ')}] → {float.value.toFixed(10)}
            </span>
          ))}
          {steps.floats.length > FLOATS_SHOWN && <span className="block">… ({steps.floats.length})</span>}
        </Mono>
      </Row>
      <Row label={t('playerGames.fairness.stepMapping')}>
        <Mono>
          {steps.mapping.slice(0, MAPPING_SHOWN).map((step, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps in order
            <span key={index} className="block">
              {step.formula} → {step.result}
            </span>
          ))}
          {steps.mapping.length > MAPPING_SHOWN && <span className="block">…</span>}
        </Mono>
      </Row>
      <Row label={t('playerGames.fairness.stepOutcome')}>
        <Mono testId="verify-outcome">{JSON.stringify(steps.outcome)}</Mono>
        {recordedMatch !== null &&
          verdict(
            recordedMatch,
            t('playerGames.fairness.matches'),
            t('playerGames.fairness.differs'),
            'recorded-verdict',
          )}
      </Row>
    </div>
  );
}
