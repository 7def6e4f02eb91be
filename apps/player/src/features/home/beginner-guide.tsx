import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../lib/preferences.store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { guideQuery } from './api.ts';

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

/**
 * The beginner guide: short steps, shown on the first visit and re-openable from home. The operator's
 * text for the language (edited in the console) replaces the built-in four steps when set.
 */
export function BeginnerGuide({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = usePreferences((state) => state.language);
  const edited = useQuery({ ...guideQuery(language), enabled: open });
  const steps: readonly string[] =
    edited.data?.steps ?? STEPS.map((key) => t(`playerMoney.guide.steps.${key}`));
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
  const shown = Math.min(step, steps.length - 1);
  const last = shown === steps.length - 1;
  return (
    <Sheet
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={t('playerMoney.guide.title')}
      closeLabel={t('player.close')}
    >
      <div data-testid="beginner-guide" className="flex flex-col gap-4">
        <p className="whitespace-pre-line text-[15px] leading-relaxed text-slate-700">{steps[shown]}</p>
        <div className="flex justify-center gap-1.5" aria-hidden>
          {steps.map((text, index) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are shown in order and never reordered
              key={`${index}:${text.length}`}
              className={`h-1.5 w-6 rounded-full ${index === shown ? 'bg-brand-600' : 'bg-slate-200'}`}
            />
          ))}
        </div>
        <Button block onClick={() => (last ? close() : setStep(shown + 1))}>
          {last ? t('playerMoney.guide.done') : t('playerMoney.guide.next')}
        </Button>
      </div>
    </Sheet>
  );
}
