import type { Locale } from '@payhub/contracts';
import clsx from 'clsx';
import { Check, ChevronRight, LogOut } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { moreEntries } from '../../lib/access/nav-model.ts';
import { useIdentity } from '../../lib/access/use-identity.ts';
import { applyLanguage } from '../../lib/i18n.ts';
import { logout } from '../../lib/session.ts';
import { useGlobalStore } from '../../lib/stores/global.store.ts';
import { initialsOf } from '../../shared/initials.ts';
import { maskNumber, maskPhone } from '../../shared/mask.ts';
import { Badge } from '../../shared/ui/badge.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Card, CardTitle, DetailRow } from '../../shared/ui/card.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { Page } from '../../shared/ui/page.tsx';

const LOCALES: Locale[] = ['id-ID', 'es-MX', 'en'];

/** /account: the role's less used screens, the user's details, programme, project, language and logout. */
export default function AccountPage() {
  const { t } = useTranslation();
  const user = useGlobalStore((state) => state.user);
  const spaInfo = useGlobalStore((state) => state.spaInfo);
  const paymentRole = useGlobalStore((state) => state.paymentRole);
  const project = useGlobalStore((state) => state.site.project);
  const language = useGlobalStore((state) => state.language);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const more = moreEntries(useIdentity());
  if (!user) return null;

  const countryCode = project?.countryCode ?? '';
  const memberSince = new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(
    new Date(user.createdAt),
  );
  const whatsAppDigits = user.whatsApp.replace(/^\+/, '');

  return (
    <Page title={t('account.title')}>
      <Card className="flex items-center gap-4">
        <div
          aria-hidden
          className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-lg font-bold text-white"
        >
          {initialsOf(user.nickname)}
        </div>
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900" data-testid="account-nickname">
            {user.nickname}
          </p>
          <p className="text-sm text-slate-600">{maskPhone(user.phone, countryCode)}</p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            {spaInfo?.spaType ? (
              <Badge tone="brand">{t(`account.spaTypes.${spaInfo.spaType}` as 'account.spaTypes.New')}</Badge>
            ) : null}
            {spaInfo?.role === 1 ? <Badge tone="success">{t('account.leaderLevels.1')}</Badge> : null}
          </div>
        </div>
      </Card>

      {user.staffRole ? (
        <Card>
          <CardTitle>{t('account.staffTitle')}</CardTitle>
          <p className="text-sm text-slate-600">{t('account.staffHint')}</p>
          <a
            href={new URL('/console/', window.location.origin).href}
            data-testid="open-console"
            className="mt-3 flex h-11 items-center justify-between rounded-xl bg-brand-50 px-4 font-medium text-brand-700"
          >
            {t('account.openConsole')}
            <ChevronRight className="size-4" aria-hidden />
          </a>
        </Card>
      ) : null}

      {more.length > 0 ? (
        <Card className="p-0">
          <h2 className="px-4 pt-4 pb-1 text-[15px] font-semibold text-slate-900">{t('shell.nav.more')}</h2>
          <ul className="flex flex-col divide-y divide-slate-100">
            {more.map((entry) => (
              <li key={entry.path}>
                <Link
                  to={entry.path}
                  data-testid={`more-${entry.label}`}
                  className="flex h-12 items-center justify-between px-4 font-medium text-slate-900"
                >
                  {t(`shell.nav.${entry.label}`)}
                  <ChevronRight className="size-4 text-slate-500" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}

      <Card>
        <CardTitle>{t('account.profile')}</CardTitle>
        <dl>
          <DetailRow label={t('account.userId')}>{user.id}</DetailRow>
          <DetailRow label={t('account.phone')}>{maskPhone(user.phone, countryCode)}</DetailRow>
          <DetailRow label={t('account.whatsApp')}>+{maskNumber(whatsAppDigits)}</DetailRow>
          <DetailRow label={t('account.memberSince')}>{memberSince}</DetailRow>
        </dl>
      </Card>

      <Card>
        <CardTitle>{t('account.programme')}</CardTitle>
        <dl>
          <DetailRow label={t('account.spaType')}>
            {spaInfo?.spaType
              ? t(`account.spaTypes.${spaInfo.spaType}` as 'account.spaTypes.New')
              : t('account.notAssigned')}
          </DetailRow>
          <DetailRow label={t('account.role')}>
            {t(`account.leaderLevels.${spaInfo?.role ?? -1}` as 'account.leaderLevels.-1')}
          </DetailRow>
          <DetailRow label={t('account.tier')}>
            {t(`account.tiers.${spaInfo?.tier ?? 'normal'}` as 'account.tiers.normal')}
          </DetailRow>
          <DetailRow label={t('account.spaPay')}>
            {spaInfo?.spaPay === 'yes' ? t('common.yes') : t('common.no')}
          </DetailRow>
          {paymentRole ? (
            <DetailRow label={t('account.paymentRole')}>
              {t(`account.paymentRoles.${paymentRole}` as 'account.paymentRoles.Manage')}
            </DetailRow>
          ) : null}
        </dl>
      </Card>

      {project ? (
        <Card>
          <CardTitle>{t('account.project')}</CardTitle>
          <dl>
            <DetailRow label={t('account.project')}>{project.name}</DetailRow>
            <DetailRow label={t('account.currency')}>
              <span data-testid="account-currency">
                {project.currency} · {project.currencySymbol}
              </span>
            </DetailRow>
            <DetailRow label={t('account.countryCode')}>+{project.countryCode}</DetailRow>
            <DetailRow label={t('account.timeZone')}>{project.timeZone}</DetailRow>
            <DetailRow label={t('account.mode')}>
              {project.playMoney
                ? t('account.playMoney')
                : t('account.licensed', { licence: project.licence ?? '' })}
            </DetailRow>
          </dl>
        </Card>
      ) : null}

      <Card>
        <CardTitle>{t('common.language')}</CardTitle>
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('common.language')}</legend>
          {LOCALES.map((locale) => {
            const selected = locale === language;
            return (
              <label
                key={locale}
                className={clsx(
                  'flex h-12 cursor-pointer items-center justify-between rounded-xl px-4 text-[15px] font-medium ring-1 ring-inset has-[:focus-visible]:ring-2',
                  selected
                    ? 'bg-brand-50 text-brand-800 ring-brand-600'
                    : 'bg-white text-slate-800 ring-slate-200',
                )}
              >
                <input
                  type="radio"
                  name="language"
                  value={locale}
                  checked={selected}
                  onChange={() => void applyLanguage(locale, true)}
                  className="sr-only"
                />
                {t(`common.languages.${locale}`)}
                {selected ? <Check className="size-5" aria-hidden /> : null}
              </label>
            );
          })}
        </fieldset>
      </Card>

      <Button
        variant="danger"
        size="lg"
        block
        icon={<LogOut className="size-5" aria-hidden />}
        data-testid="logout"
        onClick={() => setConfirming(true)}
      >
        {t('Auth.logout')}
      </Button>

      <Modal
        open={confirming}
        tone="danger"
        icon={<LogOut className="size-6" aria-hidden />}
        title={t('Auth.logoutConfirm')}
        onDismiss={() => setConfirming(false)}
        actions={
          <>
            <Button
              block
              data-testid="logout-confirm"
              busy={leaving}
              onClick={async () => {
                setLeaving(true);
                await logout();
              }}
            >
              {t('Auth.logout')}
            </Button>
            <Button variant="secondary" block onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
          </>
        }
      />
    </Page>
  );
}
