import type { Asset, RoundStakeLimits } from '@payhub/contracts';
import { parseWingoPick, WINGO_NUMBERS, wingoPayout } from '@payhub/games';
import { useTranslation } from 'react-i18next';
import { useProjectFormat } from '../../lib/currency.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { clockText } from './round-state.ts';
import { stakeCheck } from './stake-check.ts';
import { StakeField } from './stake-field.tsx';
import { Ball, COLOUR_CLASS } from './wingo-ball.tsx';

export interface WingoBetSheetProps {
  /** The pick's key ("colour:green", "number:7", "size:big"); null: the sheet is closed. */
  pick: string | null;
  pickLabel: (pick: string) => string;
  onClose: () => void;
  /** The live period and whether it takes bets, its seconds to the draw. */
  period: string | null;
  open: boolean;
  secondsToDraw: number;
  asset: Asset;
  /** The asset's available balance (wire form), when read. */
  available: string | null;
  /** Wingo's stake range in the asset (the state's `stakes`), when read. */
  limits: RoundStakeLimits | null;
  amount: string;
  setAmount: (text: string) => void;
  busy: boolean;
  /** The pick and the stake in the API's form. */
  onConfirm: (pick: string, stake: string) => void;
}

/**
 * The bet sheet: a tap on a colour, number or size only chooses; the stake, what it can win and the
 * period it goes into are shown, and the player confirms. Fifteen picks sit side by side on a 360 px
 * screen, and a stray tap must not be a bet.
 */
export function WingoBetSheet(props: WingoBetSheetProps) {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const { pick, asset, amount } = props;
  const checked = stakeCheck(amount, asset, props.available, props.limits);
  const stake = checked.units;
  const picked = pick === null ? null : parseWingoPick(pick);
  // The most the pick pays: its multiplier on a number it wins on (a colour pays less on its violet number).
  const winUpTo =
    stake !== null && stake > 0n && picked
      ? [...Array(WINGO_NUMBERS).keys()].reduce((best, number) => {
          const payout = wingoPayout(stake, picked, number);
          return payout > best ? payout : best;
        }, 0n)
      : null;

  return (
    <Sheet
      open={pick !== null}
      onOpenChange={(next) => {
        if (!next) props.onClose();
      }}
      title={pick === null ? '' : t('playerRounds.wingo.place', { pick: props.pickLabel(pick) })}
      description={
        props.period === null
          ? undefined
          : t('playerRounds.wingo.sheetPeriod', {
              period: props.period,
              time: clockText(props.secondsToDraw),
            })
      }
      closeLabel={t('player.close')}
    >
      <div className="flex flex-col gap-3" data-testid="wingo-sheet">
        {picked?.kind === 'number' ? (
          <div className="flex justify-center">
            <Ball number={picked.number} />
          </div>
        ) : pick !== null ? (
          <div
            className={`rounded-xl py-2 text-center text-[15px] font-semibold ${picked?.kind === 'colour' ? COLOUR_CLASS[picked.colour] : 'bg-brand-50 text-brand-700'}`}
          >
            {props.pickLabel(pick)}
          </div>
        ) : null}
        <StakeField
          asset={asset}
          amount={amount}
          setAmount={props.setAmount}
          available={props.available}
          testId="wingo-amount"
          check={checked}
        />
        {checked.problem === null && winUpTo !== null && (
          <p className="text-[13px] text-slate-600" data-testid="wingo-win-up-to">
            {t('playerRounds.wingo.winUpTo', { amount: format.asset(winUpTo, asset) })}
          </p>
        )}
        <Button
          block
          busy={props.busy}
          disabled={!props.open || checked.problem !== null}
          onClick={() => {
            if (pick !== null && checked.wire !== null) props.onConfirm(pick, checked.wire);
          }}
          data-testid="wingo-confirm"
        >
          {props.open
            ? t('playerRounds.wingo.confirm', { amount: stake !== null ? format.asset(stake, asset) : '' })
            : t('playerRounds.wingo.closed')}
        </Button>
      </div>
    </Sheet>
  );
}
