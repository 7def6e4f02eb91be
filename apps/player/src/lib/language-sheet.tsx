import { LOCALES, type Locale } from '@payhub/contracts';
import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../shared/ui/sheet.tsx';
import { applyLanguage } from './i18n.ts';
import { usePreferences } from './preferences.store.ts';

/** The language switcher: id-ID, es-MX, en; the `language` header of every call follows it. */
export function LanguageSheet({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = usePreferences((state) => state.language);

  async function choose(locale: Locale) {
    await applyLanguage(locale, true);
    onOpenChange(false);
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('player.chooseLanguage')}
      closeLabel={t('player.close')}
    >
      <ul className="flex flex-col gap-2">
        {LOCALES.map((locale) => (
          <li key={locale}>
            <button
              type="button"
              lang={locale}
              onClick={() => void choose(locale)}
              aria-pressed={locale === language}
              className={clsx(
                'flex h-14 w-full items-center justify-between rounded-2xl px-4 text-left text-[15px] font-medium ring-1',
                locale === language
                  ? 'bg-brand-50 text-brand-700 ring-brand-200'
                  : 'bg-white text-slate-800 ring-slate-200 active:bg-slate-50',
              )}
            >
              {t(`player.languages.${locale}`)}
              {locale === language && <Check className="size-5" />}
            </button>
          </li>
        ))}
      </ul>
    </Sheet>
  );
}
