import { parseAmount, type RoundLiveBet, type RoundWire } from '@payhub/contracts';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { cashOutValue, multiplierAt } from './crash-clock.ts';

/**
 * The cash-out button's words: what a tap now pays ("Ambil Rp 1.050,00"), from the curve every
 * animation frame, as the graph draws it. Written to the DOM directly (React renders the span empty;
 * the first words are written before the first paint), and only when the multiplier moved: a React
 * render and a money format 60 times a second would cost a cheap phone its frames.
 */
export function CashOutLabel({
  round,
  offsetMs,
  bet,
}: {
  round: RoundWire;
  offsetMs: number;
  bet: RoundLiveBet;
}) {
  const { t } = useTranslation();
  // The formatter is rebuilt at every render: read through a ref, so the loop restarts only when
  // what it draws from changes (the round, the clock's offset, the stake, the language).
  const projectFormat = useProjectFormat().asset;
  const format = useRef(projectFormat);
  format.current = projectFormat;
  const text = useRef<HTMLSpanElement>(null);
  const stake = parseAmount(bet.stake, bet.asset, 'wire');
  const asset = bet.asset;
  useLayoutEffect(() => {
    let frame = 0;
    let shownCents = -1;
    const draw = () => {
      const cents = multiplierAt(round, offsetMs, Date.now());
      if (cents !== shownCents && text.current) {
        shownCents = cents;
        text.current.textContent = t('playerRounds.crash.cashOutFor', {
          amount: format.current(cashOutValue(stake, cents), asset),
        });
      }
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => cancelAnimationFrame(frame);
  }, [round, offsetMs, stake, asset, t]);
  return <span ref={text} data-testid="crash-cashout-value" />;
}
