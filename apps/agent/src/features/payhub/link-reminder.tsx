import { BellRing } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useFormatTime } from '../../shared/payment-ui.tsx';
import { dueReminder } from './link-reminder-rule.ts';
import { useLinkAmount } from './tools-api.ts';

/** The reminder before a card link expires, driven by taskFlag.linkExpirationReminder. */
export function LinkReminder({ withLink = true }: { withLink?: boolean }) {
  const { t } = useTranslation();
  const time = useFormatTime();
  const amount = useLinkAmount();
  const due = dueReminder(amount.data?.items, amount.data?.linkExpirationReminder, Date.now());
  if (!due) return null;
  const text = t('payhubTools.link.reminder', { accountNo: due.accountNo, time: time(due.expiresAt) });
  return (
    <div
      role="alert"
      data-testid="link-reminder"
      className="flex items-start gap-2 rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200"
    >
      <BellRing aria-hidden className="mt-0.5 size-4 shrink-0" />
      {withLink ? (
        <Link to={paths.payhubLink} className="underline-offset-2 hover:underline">
          {text}
        </Link>
      ) : (
        <span>{text}</span>
      )}
    </div>
  );
}
