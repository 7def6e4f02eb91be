import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';

/** Set once the player has gone through the guide; the home screen's button opens it again. */
export const GUIDE_SEEN_KEY = 'payhub.player.guideSeen';
const STEPS = ['1', '2', '3', '4'] as const;

export function guideSeen(): boolean {
  try {
    return localStorage.getItem(GUIDE_SEEN_KEY) === '1';
  } catch {
    return true;
  }
}

/** The beginner guide: four short steps, shown on the first visit and re-openable from home. */
export function BeginnerGuide({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  function close() {
    try {
      localStorage.setItem(GUIDE_SEEN_KEY, '1');
    } catch {
      // Private mode: the guide shows again next time, which is harmless.
    }
    setStep(0);
    onClose();
  }
  const last = step === STEPS.length - 1;
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('playerMoney.guide.title')}
      closeLabel={t('player.close')}
    >
      <div data-testid="beginner-guide" className="flex flex-col gap-4">
        <p className="text-[15px] leading-relaxed text-slate-700">
          {t(`playerMoney.guide.steps.${STEPS[step]!}`)}
        </p>
        <div className="flex justify-center gap-1.5" aria-hidden>
          {STEPS.map((key, index) => (
            <span
              key={key}
              className={`h-1.5 w-6 rounded-full ${index === step ? 'bg-brand-600' : 'bg-slate-200'}`}
            />
          ))}
        </div>
        <Button block onClick={() => (last ? close() : setStep(step + 1))}>
          {last ? t('playerMoney.guide.done') : t('playerMoney.guide.next')}
        </Button>
      </div>
    </Sheet>
  );
}
