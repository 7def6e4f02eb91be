import type { RoundWire } from '@payhub/contracts';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatCents } from './api.ts';
import { multiplierAt } from './crash-clock.ts';
import { gridMultipliers, gridSeconds } from './crash-scale.ts';

/** The plot's inner margins (px): room for the multiplier labels on the left and the seconds below. */
const PAD = { left: 40, right: 14, top: 12, bottom: 22 };
const GRID_COLOUR = 'rgba(148, 163, 184, 0.16)';
const LABEL_COLOUR = '#94a3b8';

/**
 * The curve on a canvas, redrawn every animation frame from the server-time elapsed: gridlines of
 * round multipliers and seconds (crash-scale.ts) that change step as the curve climbs, the area
 * under the curve, and its tip; blue while it runs, red once it busted.
 */
export function CrashGraph({ round, offsetMs }: { round: RoundWire | null; offsetMs: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const label = useRef<HTMLDivElement>(null);
  const { t } = useTranslation();
  const formatCents = useFormatCents();
  // A layout effect, as the cash-out button's (crash-cash-out-label.tsx): when a tick corrects the
  // clock's offset, both loops take the new one in the same commit. A passive effect restarted a
  // frame or more later on a busy phone, and the figure over the curve and the button's amount
  // disagreed meanwhile (by 6.6 % once on a loaded CI machine: a one-second correction).
  useLayoutEffect(() => {
    let frame = 0;
    const draw = () => {
      const element = canvas.current;
      const context = element?.getContext('2d');
      if (element && context) {
        const ratio = window.devicePixelRatio || 1;
        const width = element.clientWidth;
        const height = element.clientHeight;
        if (element.width !== width * ratio) element.width = width * ratio;
        if (element.height !== height * ratio) element.height = height * ratio;
        context.setTransform(ratio, 0, 0, ratio, 0, 0);
        context.clearRect(0, 0, width, height);
        const cents = multiplierAt(round, offsetMs, Date.now());
        const running = round?.startedAt && round.growthPerMs !== null;
        if (running && round.growthPerMs !== null) {
          const growth = round.growthPerMs;
          const ended = round.state === 'ended';
          const elapsed = ended
            ? Math.log(cents / 100) / growth
            : Date.now() + offsetMs - Date.parse(round.startedAt!);
          const spanMs = Math.max(elapsed, Math.log(2) / growth);
          const top = Math.max(2, (cents / 100) * 1.15);
          const plotWidth = width - PAD.left - PAD.right;
          const plotHeight = height - PAD.top - PAD.bottom;
          const xOf = (ms: number) => PAD.left + (plotWidth * ms) / spanMs;
          const yOf = (value: number) => height - PAD.bottom - (plotHeight * (value - 1)) / (top - 1);

          context.lineWidth = 1;
          context.strokeStyle = GRID_COLOUR;
          context.fillStyle = LABEL_COLOUR;
          context.font = '11px system-ui, sans-serif';
          context.textBaseline = 'middle';
          context.textAlign = 'right';
          for (const value of gridMultipliers(top)) {
            const y = Math.round(yOf(value / 100)) + 0.5;
            context.beginPath();
            context.moveTo(PAD.left, y);
            context.lineTo(width - PAD.right, y);
            context.stroke();
            // Whole multipliers without their decimals: "200×" fits the margin, "200,00×" would not.
            context.fillText(value % 100 === 0 ? `${value / 100}×` : formatCents(value), PAD.left - 6, y);
          }
          context.textBaseline = 'top';
          context.textAlign = 'center';
          for (const seconds of gridSeconds(spanMs)) {
            const x = Math.round(xOf(seconds * 1000)) + 0.5;
            context.beginPath();
            context.moveTo(x, PAD.top);
            context.lineTo(x, height - PAD.bottom);
            context.stroke();
            context.fillText(t('playerRounds.crash.axisSeconds', { seconds }), x, height - PAD.bottom + 5);
          }

          const colour = ended ? '#e11d48' : '#2563eb';
          context.beginPath();
          for (let step = 0; step <= 60; step += 1) {
            const ms = (elapsed * step) / 60;
            const x = xOf(ms);
            const y = yOf(Math.exp(growth * ms));
            if (step === 0) context.moveTo(x, y);
            else context.lineTo(x, y);
          }
          const tipX = xOf(elapsed);
          const tipY = yOf(Math.exp(growth * elapsed));
          context.lineWidth = 3;
          context.strokeStyle = colour;
          context.stroke();
          // The area under the curve, the same path closed along the 1× line.
          context.lineTo(tipX, yOf(1));
          context.lineTo(xOf(0), yOf(1));
          context.closePath();
          context.globalAlpha = 0.18;
          context.fillStyle = colour;
          context.fill();
          context.globalAlpha = 1;
          context.beginPath();
          context.arc(tipX, tipY, 4.5, 0, 2 * Math.PI);
          context.fill();
        }
        if (label.current) {
          label.current.textContent =
            round?.state === 'ended' && round.result !== null
              ? t('playerRounds.crash.busted', { multiplier: formatCents(round.result) })
              : running
                ? formatCents(cents)
                : round?.state === 'betting'
                  ? t('playerRounds.crash.betting', {
                      seconds: Math.max(
                        0,
                        Math.ceil((Date.parse(round.bettingEndsAt) - Date.now() - offsetMs) / 1000),
                      ),
                    })
                  : t('playerRounds.crash.waiting');
          label.current.dataset.state = round?.state ?? 'none';
        }
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [round, offsetMs, t, formatCents]);
  return (
    <div className="relative h-52 overflow-hidden rounded-2xl bg-slate-900">
      <canvas ref={canvas} className="h-full w-full" data-testid="crash-canvas" />
      {/* Over the curve: a shadow keeps the figure legible where the line runs under it. */}
      <div
        ref={label}
        data-testid="crash-multiplier"
        className="absolute inset-0 flex items-center justify-center px-4 text-center text-3xl font-bold text-white tabular-nums [text-shadow:0_1px_8px_rgb(15_23_42/0.9)] data-[state=betting]:text-xl data-[state=none]:text-xl data-[state=ended]:text-2xl"
      />
    </div>
  );
}
