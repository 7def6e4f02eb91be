import { maskNumber, type User } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import {
  AtSign,
  Camera,
  ChevronRight,
  Gift,
  Globe,
  HeartHandshake,
  IdCard,
  KeyRound,
  Laptop,
  LogOut,
  MapPin,
  ShieldCheck,
  Smartphone,
  SmartphoneNfc,
  UserRound,
} from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { type ChangeEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { LanguageSheet } from '../../lib/language-sheet.tsx';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { usePreferences } from '../../lib/preferences.store.ts';
import { useProject } from '../../lib/project.ts';
import { queryClient } from '../../lib/query-client.ts';
import { logout, USER_QUERY_KEY, useCurrentUser } from '../../lib/session.ts';
import { checkImageFile, IMAGE_ACCEPT } from '../../shared/image-file.ts';
import { PageSpinner, Spinner } from '../../shared/ui/spinner.tsx';
import { identityQuery, twoFactorQuery } from './api.ts';
import { NicknameSheet } from './profile-sheets.tsx';
import { EmailCodeSheet, IdentitySheet, SessionsSheet, TwoFactorSheet } from './safety-sheets.tsx';
import { PasswordSheet, PhoneSheet } from './security-sheets.tsx';

type SheetName =
  | 'nickname'
  | 'email'
  | 'verifyPhone'
  | 'changePhone'
  | 'password'
  | 'language'
  | 'twoFactor'
  | 'sessions'
  | 'identity';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="px-1 text-[12.5px] font-semibold tracking-wide text-slate-600 uppercase">{title}</h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70">
        {children}
      </ul>
    </section>
  );
}

function Row({
  icon,
  label,
  value,
  badge,
  onClick,
}: {
  icon: ReactNode;
  label: string;
  value?: ReactNode;
  badge?: ReactNode;
  onClick?: () => void;
}) {
  const content = (
    <>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        {icon}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-[15px] font-medium text-slate-900">{label}</span>
        {value !== undefined && <span className="truncate text-[13px] text-slate-500">{value}</span>}
      </span>
      {badge}
      {onClick && <ChevronRight className="size-5 shrink-0 text-slate-300" />}
    </>
  );
  return (
    <li>
      {onClick ? (
        <button
          type="button"
          onClick={onClick}
          className="flex min-h-16 w-full items-center gap-3 px-4 py-3 text-left active:bg-slate-50"
        >
          {content}
        </button>
      ) : (
        <div className="flex min-h-16 items-center gap-3 px-4 py-3">{content}</div>
      )}
    </li>
  );
}

function VerifiedBadge({ verified, label }: { verified: boolean; label: string }) {
  return (
    <span
      className={clsx(
        'shrink-0 rounded-full px-2 py-0.5 text-[11.5px] font-semibold',
        verified ? 'bg-emerald-50 text-emerald-700' : 'bg-amber-50 text-amber-700',
      )}
    >
      {label}
    </span>
  );
}

/** The profile photo: tap to choose an image, which is uploaded and set as the avatar. */
function AvatarButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function change(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      notify.error(
        problem === 'wrongType' ? t('playerAccount.avatarWrongType') : t('playerAccount.avatarTooLarge'),
      );
      return;
    }
    setBusy(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const uploaded = await api.site.upload({ body } as Parameters<typeof api.site.upload>[0]);
      queryClient.setQueryData(USER_QUERY_KEY, await api.user.update({ body: { avatar: uploaded.url } }));
      notify.success(t('playerAccount.saved'));
    } catch {
      // The error dialog has told the user why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={busy}
        aria-label={t('playerAccount.changeAvatar')}
        className="relative flex size-16 shrink-0 items-center justify-center rounded-2xl bg-white/15 text-[26px] font-bold ring-1 ring-white/25 active:bg-white/25"
      >
        {user.avatar ? (
          <img
            src={user.avatar}
            alt=""
            className="size-full rounded-2xl object-cover"
            data-testid="avatar-image"
          />
        ) : (
          ([...user.nickname][0]?.toUpperCase() ?? '?')
        )}
        <span className="absolute -right-1 -bottom-1 flex size-6 items-center justify-center rounded-full bg-white text-brand-700 shadow">
          {busy ? <Spinner className="size-3" /> : <Camera className="size-3.5" />}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        onChange={(event) => void change(event)}
        className="hidden"
        name="avatar"
      />
    </>
  );
}

/** Account and security: profile, email bind, phone verification and change, password, language. */
export default function AccountPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const project = useProject();
  const language = usePreferences((state) => state.language);
  const [sheet, setSheet] = useState<SheetName | null>(null);
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const twoFactor = useQuery(twoFactorQuery());
  const identity = useQuery(identityQuery());

  if (!user.data || !project.data) return <PageSpinner label={t('player.loading')} />;
  const me = user.data;
  const config = project.data;
  const close = (open: boolean) => !open && setSheet(null);
  const memberSince = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(me.createdAt),
  );

  async function signOut() {
    setLoggingOut(true);
    await logout();
    setLoggingOut(false);
    setConfirmLogout(false);
    notify.info(t('playerAccount.loggedOut'));
    navigate(paths.login, { replace: true });
  }

  return (
    <div className="min-h-dvh">
      <header className="rounded-b-[28px] bg-gradient-to-br from-brand-900 via-brand-700 to-brand-600 px-5 pt-[max(1rem,env(safe-area-inset-top))] pb-7 text-white">
        <div className="mx-auto max-w-md">
          <h1 className="text-[17px] font-semibold text-white/90">{t('playerAccount.title')}</h1>
          <div className="mt-5 flex items-center gap-4">
            <AvatarButton user={me} />
            <div className="min-w-0">
              <p className="truncate text-[20px] font-bold" data-testid="profile-nickname">
                {me.nickname}
              </p>
              <p className="mt-0.5 text-[13.5px] text-white/75">{t('playerAccount.userId', { id: me.id })}</p>
              <p className="text-[12.5px] text-white/60">
                {t('playerAccount.memberSince', { date: memberSince })}
              </p>
            </div>
          </div>
        </div>
      </header>

      <main className="mx-auto mt-5 flex max-w-md flex-col gap-5 px-4 pb-[max(2rem,env(safe-area-inset-bottom))]">
        <Section title={t('playerAccount.profile')}>
          <Row
            icon={<UserRound className="size-5" />}
            label={t('playerAccount.nickname')}
            value={me.nickname}
            onClick={() => setSheet('nickname')}
          />
          <Row
            icon={<AtSign className="size-5" />}
            label={t('playerAccount.email')}
            value={me.email ?? t('playerAccount.emailNotBound')}
            onClick={() => setSheet('email')}
          />
        </Section>

        <Section title={t('playerWallet.bonus.title')}>
          <Row
            icon={<Gift className="size-5" />}
            label={t('playerWallet.bonus.entry')}
            value={t('playerWallet.bonus.entryHint')}
            onClick={() => navigate(paths.bonus)}
          />
        </Section>

        <Section title={t('playerAccount.security')}>
          <Row
            icon={<Smartphone className="size-5" />}
            label={t('playerAccount.phone')}
            value={`+${config.countryCode} ${maskNumber(me.phone)}`}
            badge={
              <VerifiedBadge
                verified={me.phoneVerified}
                label={me.phoneVerified ? t('playerAccount.verified') : t('playerAccount.unverified')}
              />
            }
            onClick={me.phoneVerified ? undefined : () => setSheet('verifyPhone')}
          />
          <Row
            icon={<SmartphoneNfc className="size-5" />}
            label={t('playerAccount.changePhone')}
            onClick={() => setSheet('changePhone')}
          />
          <Row
            icon={<KeyRound className="size-5" />}
            label={t('playerAccount.changePassword')}
            onClick={() => setSheet('password')}
          />
          <Row
            icon={<ShieldCheck className="size-5" />}
            label={t('playerSafety.twoFactor')}
            value={
              twoFactor.data?.enabled
                ? t('playerSafety.twoFactorOn', { count: twoFactor.data.recoveryCodesLeft })
                : t('playerSafety.twoFactorOff')
            }
            onClick={() => setSheet('twoFactor')}
          />
          <Row
            icon={<Laptop className="size-5" />}
            label={t('playerSafety.sessions')}
            onClick={() => setSheet('sessions')}
          />
          <Row
            icon={<IdCard className="size-5" />}
            label={t('playerSafety.identity')}
            value={identity.data ? t('playerSafety.identityTier', { tier: identity.data.tier }) : undefined}
            onClick={() => setSheet('identity')}
          />
          <Row
            icon={<HeartHandshake className="size-5" />}
            label={t('playerSafety.responsible')}
            value={t('playerSafety.responsibleValue')}
            onClick={() => navigate(paths.responsible)}
          />
          <Row
            icon={<Gift className="size-5" />}
            label={t('playerRewards.hub.title')}
            value={t('playerRewards.hub.referral')}
            onClick={() => navigate(paths.rewards)}
          />
        </Section>

        <Section title={t('playerAccount.preferences')}>
          <Row
            icon={<Globe className="size-5" />}
            label={t('player.language')}
            value={t(`player.languages.${language}`)}
            onClick={() => setSheet('language')}
          />
          <Row
            icon={<MapPin className="size-5" />}
            label={t('player.project')}
            value={`${config.name} · ${config.currencySymbol} (${config.currency})`}
          />
        </Section>

        <button
          type="button"
          onClick={() => setConfirmLogout(true)}
          className="flex h-12 items-center justify-center gap-2 rounded-2xl bg-white text-[15px] font-semibold text-rose-600 shadow-sm ring-1 ring-slate-200/70 active:bg-rose-50"
        >
          <LogOut className="size-5" />
          {t('playerAccount.logout')}
        </button>
      </main>

      {sheet === 'nickname' && <NicknameSheet user={me} open onOpenChange={close} />}
      {sheet === 'email' && <EmailCodeSheet user={me} open onOpenChange={close} />}
      {sheet === 'twoFactor' && <TwoFactorSheet open onOpenChange={close} />}
      {sheet === 'sessions' && <SessionsSheet open onOpenChange={close} />}
      {sheet === 'identity' && <IdentitySheet open onOpenChange={close} />}
      {(sheet === 'verifyPhone' || sheet === 'changePhone') && (
        <PhoneSheet
          user={me}
          locale={config.locale}
          countryCode={config.countryCode}
          mode={sheet === 'verifyPhone' ? 'verify' : 'change'}
          open
          onOpenChange={close}
        />
      )}
      {sheet === 'password' && (
        <PasswordSheet
          user={me}
          locale={config.locale}
          countryCode={config.countryCode}
          open
          onOpenChange={close}
        />
      )}
      <LanguageSheet open={sheet === 'language'} onOpenChange={close} />

      <AlertDialog.Root open={confirmLogout} onOpenChange={setConfirmLogout}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="animate-fade-in fixed inset-0 z-[var(--z-modal)] bg-slate-950/45" />
          <AlertDialog.Content className="animate-sheet-up fixed top-1/2 left-1/2 z-[var(--z-modal)] w-[calc(100%-48px)] max-w-[var(--modal-width)] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl outline-none">
            <AlertDialog.Title className="text-[17px] font-bold text-slate-900">
              {t('playerAccount.logout')}
            </AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-[14.5px] text-slate-600">
              {t('playerAccount.logoutConfirm')}
            </AlertDialog.Description>
            <div className="mt-6 grid grid-cols-2 gap-3">
              <AlertDialog.Cancel className="h-12 rounded-xl bg-slate-100 text-[15px] font-semibold text-slate-700 active:bg-slate-200">
                {t('player.cancel')}
              </AlertDialog.Cancel>
              <button
                type="button"
                onClick={() => void signOut()}
                disabled={loggingOut}
                className="h-12 rounded-xl bg-rose-600 text-[15px] font-semibold text-white active:bg-rose-700 disabled:bg-rose-300"
              >
                {t('playerAccount.logout')}
              </button>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
