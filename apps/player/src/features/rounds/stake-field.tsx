import { type Asset, parseAmount } from '@payhub/contracts';
import { useTranslation } from 'react-i18next';
import { typedOf } from '../../lib/amount-text.ts';
import { useProjectFormat } from '../../lib/currency.ts';
import { Button } from '../../shared/ui/button.tsx';
import type { StakeCheck } from './stake-check.ts';

export interface StakeFieldProps {
  asset: Asset;
  /** The stake as typed. */
  amount: string;
  setAmount: (text: string) => void;
  /** The asset's available balance (wire form), when read. */
  available: string | null;
  testId: string;
  /** `stakeCheck` of `amount`: ½ and 2× scale its units; its problem is said under the field. */
  check: StakeCheck;
}

/**
 * A round game's stake: the field, the balance beside its label, ½ and 2× of what is typed, and what
 * stops it (`testId`-error) under them.
 */
export function StakeField({ asset, amount, setAmount, available, testId, check }: StakeFieldProps) {
  const { t } = useTranslation();
  const format = useProjectFormat();
  const stake = check.units;
  const scale = (times: (units: bigint) => bigint) => {
    if (stake !== null && stake > 0n) setAmount(typedOf(times(stake), asset));
  };
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1 text-[13px] font-semibold text-slate-600">
        <span className="flex justify-between gap-2">
          {t('playerRounds.amount')}
          {available !== null && (
            <span className="font-normal text-slate-500" data-testid={`${testId}-balance`}>
              {t('playerRounds.balance', {
                amount: format.asset(parseAmount(available, asset, 'wire'), asset),
              })}
            </span>
          )}
        </span>
        <input
          value={amount}
          inputMode="decimal"
          data-testid={testId}
          aria-invalid={check.problem !== null}
          onChange={(event) => setAmount(event.target.value)}
          className="h-11 rounded-xl px-3 text-[15px] ring-1 ring-slate-200"
        />
      </label>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => scale((units) => units / 2n)}>
          {t('playerRounds.half')}
        </Button>
        <Button variant="secondary" onClick={() => scale((units) => units * 2n)}>
          {t('playerRounds.double')}
        </Button>
      </div>
      {check.problem !== null && (
        <p className="text-[13px] text-rose-600" role="alert" data-testid={`${testId}-error`}>
          {t(`playerRounds.${check.problem}`, {
            amount: check.bound === null ? '' : format.asset(check.bound, asset),
          })}
        </p>
      )}
    </div>
  );
}
