import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { AlertDialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProjectFormat } from '../../lib/currency.ts';
import { paths } from '../../lib/paths.ts';
import { logout } from '../../lib/session.ts';
import { realityCheckQuery } from './api.ts';

/**
 * The reality check: every N minutes (the player's choice) of a running play session a dialog shows
 * the time played and the net result since the session began; continue, or stop (signs out).
 */
export function RealityCheckDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useProjectFormat();
  const check = useQuery(realityCheckQuery());
  /** The intervals the player has already answered, per play session. */
  const [answered, setAnswered] = useState<{ session: number | null; count: number }>({
    session: null,
    count: 0,
  });
  const data = check.data;
  const interval = data?.intervalMinutes ?? null;
  const session = data?.sessionStartedAt ?? null;
  const due = interval && session !== null && data ? Math.floor(data.playedSeconds / (interval * 60)) : 0;

  useEffect(() => {
    if (session !== answered.session) setAnswered({ session, count: 0 });
  }, [session, answered.session]);

  const open = session !== null && session === answered.session && due > answered.count;
  if (!data) return null;
  const net = data.netResult;
  const negative = net.startsWith('-');

  async function stop() {
    setAnswered({ session, count: due });
    await logout();
    navigate(paths.login, { replace: true });
  }

  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade-in fixed inset-0 z-[var(--z-modal)] bg-slate-950/45" />
        <AlertDialog.Content
          data-testid="reality-check"
          className="animate-sheet-up fixed top-1/2 left-1/2 z-[var(--z-modal)] w-[calc(100%-48px)] max-w-[var(--modal-width)] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl outline-none"
        >
          <AlertDialog.Title className="text-[17px] font-bold text-slate-900">
            {t('playerSafety.realityTitle')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-[14.5px] text-slate-600">
            {t('playerSafety.realityPlayed', { minutes: Math.floor(data.playedSeconds / 60) })}
          </AlertDialog.Description>
          <div className="mt-4 rounded-2xl bg-slate-50 p-4">
            <p className="text-[12.5px] text-slate-500">{t('playerSafety.realityNet')}</p>
            <p
              className={clsx('mt-1 text-[20px] font-bold', negative ? 'text-rose-600' : 'text-emerald-700')}
            >
              {negative ? `−${format.money(net.slice(1))}` : format.money(net)}
            </p>
          </div>
          <div className="mt-6 grid grid-cols-2 gap-3">
            <button
              type="button"
              onClick={() => void stop()}
              className="h-12 rounded-xl bg-slate-100 text-[15px] font-semibold text-slate-700 active:bg-slate-200"
            >
              {t('playerSafety.realityStop')}
            </button>
            <AlertDialog.Action
              onClick={() => setAnswered({ session, count: due })}
              className="h-12 rounded-xl bg-brand-600 text-[15px] font-semibold text-white active:bg-brand-700"
            >
              {t('playerSafety.realityContinue')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
