import { type Locale, PASSWORD_PATTERN, resolveLocale } from '@payhub/contracts';
import { Globe } from 'lucide-react';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../lib/api.ts';
import { applyLanguage } from '../../lib/i18n.ts';
import { notify } from '../../lib/notify.ts';
import { paths } from '../../lib/paths.ts';
import { completeLogin, loadSiteSettings } from '../../lib/session.ts';
import { type ProjectSummary, useGlobalStore } from '../../lib/stores/global.store.ts';
import { PROJECT_COOKIE, PROJECT_COOKIE_DAYS, readCookie, writeCookie } from '../../shared/cookies.ts';
import { Button } from '../../shared/ui/button.tsx';
import { SelectField } from '../../shared/ui/field.tsx';
import { CodeField, PasswordField, PhoneField } from './auth-fields.tsx';
import { checkPhone } from './phone.ts';

type Mode = 'login' | 'register' | 'forgot';
type Errors = Partial<Record<'phone' | 'password' | 'code', string>>;

const FALLBACK_PROJECT: ProjectSummary = {
  projectId: 12,
  name: 'Payhub',
  logo: '/favicon.svg',
  locale: 'id-ID',
  currency: 'IDR',
  currencySymbol: 'Rp',
  countryCode: '62',
};

function useProjectChoice() {
  const [searchParams] = useSearchParams();
  const projects = useGlobalStore((state) => state.site.projects);
  const current = useGlobalStore((state) => state.site.project);
  const requested = Number(searchParams.get('project') ?? readCookie(PROJECT_COOKIE) ?? current?.projectId);
  const [projectId, setProjectId] = useState<number>(Number.isInteger(requested) ? requested : 12);
  const project =
    projects.find((candidate) => candidate.projectId === projectId) ?? projects[0] ?? FALLBACK_PROJECT;
  const choose = async (id: number) => {
    const next = projects.find((candidate) => candidate.projectId === id);
    if (!next) return;
    setProjectId(id);
    writeCookie(PROJECT_COOKIE, String(id), PROJECT_COOKIE_DAYS);
    await applyLanguage(resolveLocale(next.locale), true);
    await loadSiteSettings().catch(() => undefined);
  };
  return { projects, project, choose };
}

function LanguageMenu() {
  const { t } = useTranslation();
  const language = useGlobalStore((state) => state.language);
  const locales: Locale[] = ['id-ID', 'es-MX', 'en'];
  return (
    <label className="relative flex items-center gap-1.5 rounded-full bg-white/80 px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-200">
      <Globe className="size-4" aria-hidden />
      <span className="sr-only">{t('common.language')}</span>
      <select
        value={language}
        onChange={(event) => void applyLanguage(event.target.value as Locale, true)}
        className="appearance-none bg-transparent pr-1 outline-none"
      >
        {locales.map((locale) => (
          <option key={locale} value={locale}>
            {t(`common.languages.${locale}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** /login: sign in, register and reset the password with an SMS code. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const status = useGlobalStore((state) => state.status);
  const mode: Mode =
    (['register', 'forgot'] as const).find((value) => value === searchParams.get('mode')) ?? 'login';
  const { projects, project, choose } = useProjectChoice();
  const locale = resolveLocale(project.locale);

  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [nickname, setNickname] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  // Field errors belong to the mode they were raised in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on mode change only.
  useEffect(() => {
    setErrors({});
    setCode('');
    setPassword('');
  }, [mode]);

  const projectOptions = useMemo(
    () =>
      projects.map((item) => ({
        value: String(item.projectId),
        label: `${item.name} (+${item.countryCode})`,
      })),
    [projects],
  );

  if (status === 'signedIn' && !busy) return <Navigate to={paths.root} replace />;

  const switchMode = (next: Mode) => {
    const params = new URLSearchParams(searchParams);
    if (next === 'login') params.delete('mode');
    else params.set('mode', next);
    setSearchParams(params, { replace: true });
  };

  /** Validates the fields of the current mode; answers the national phone when all are valid. */
  const validate = (fields: {
    password?: boolean;
    code?: boolean;
    passwordRule?: boolean;
  }): string | null => {
    const next: Errors = {};
    const phoneCheck = checkPhone(phone, locale);
    if (!phoneCheck.ok) next.phone = t(`Auth.${phoneCheck.error}`);
    if (fields.password) {
      if (password === '') next.password = t('Auth.passwordRequired');
      else if (fields.passwordRule && !PASSWORD_PATTERN.test(password))
        next.password = t('Auth.passwordRule');
    }
    if (fields.code && !/^\d{6}$/.test(code)) next.code = t('Auth.codeRule');
    setErrors(next);
    return Object.keys(next).length === 0 && phoneCheck.ok ? phoneCheck.national : null;
  };

  const sendCode = async (purpose: 'register' | 'reset'): Promise<number | null> => {
    const phoneCheck = checkPhone(phone, locale);
    if (!phoneCheck.ok) {
      setErrors({ phone: t(`Auth.${phoneCheck.error}`) });
      return null;
    }
    setErrors({});
    writeCookie(PROJECT_COOKIE, String(project.projectId), PROJECT_COOKIE_DAYS);
    try {
      const answer = await api.user.sendCode({ query: { phone: phoneCheck.national, purpose } });
      notify.info(t('Auth.codeSent', { countryCode: project.countryCode, phone: phoneCheck.national }));
      return answer.resendAfterSeconds;
    } catch {
      return null;
    }
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      writeCookie(PROJECT_COOKIE, String(project.projectId), PROJECT_COOKIE_DAYS);
      await action();
    } catch {
      // The error reactions already showed the server's message; the form stays as typed.
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (mode === 'login') {
      const national = validate({ password: true });
      if (!national) return;
      void run(async () => {
        const session = await api.user.login({ body: { phone: national, password } });
        await completeLogin(session.token);
        navigate(paths.root, { replace: true });
      });
    } else if (mode === 'register') {
      const national = validate({ password: true, passwordRule: true, code: true });
      if (!national) return;
      void run(async () => {
        const session = await api.user.register({
          body: {
            phone: national,
            password,
            code,
            ...(nickname.trim() ? { nickname: nickname.trim() } : {}),
          },
        });
        await completeLogin(session.token);
        navigate(paths.root, { replace: true });
      });
    } else {
      const national = validate({ password: true, passwordRule: true, code: true });
      if (!national) return;
      void run(async () => {
        await api.user.resetPassword({ body: { phone: national, code, password } });
        notify.success(t('Auth.resetDone'));
        switchMode('login');
      });
    }
  };

  const heading = {
    login: [t('Auth.welcome'), t('Auth.welcomeHint')],
    register: [t('Auth.registerTitle'), t('Auth.registerHint')],
    forgot: [t('Auth.forgotTitle'), t('Auth.forgotHint')],
  }[mode];

  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-700 via-brand-700 to-canvas to-[42%]">
      <div className="mx-auto flex min-h-dvh max-w-md flex-col px-4 pt-[calc(12px+env(safe-area-inset-top))] pb-8">
        <div className="flex items-center justify-between py-2">
          <div className="flex items-center gap-2.5 text-white">
            <img
              src={project.logo}
              alt=""
              width={36}
              height={36}
              className="size-9 rounded-xl ring-2 ring-white/30"
            />
            <span className="text-lg font-bold tracking-tight">{t('common.appName')}</span>
          </div>
          <LanguageMenu />
        </div>

        <div className="px-1 pt-6 pb-6 text-white">
          <h1 className="text-[26px] leading-tight font-bold">{heading[0]}</h1>
          <p className="mt-1.5 text-[15px] text-blue-100">{heading[1]}</p>
        </div>

        <main className="rounded-3xl bg-white p-5 shadow-xl shadow-slate-900/10 ring-1 ring-slate-200/60">
          <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid={`${mode}-form`}>
            {projectOptions.length > 1 ? (
              <SelectField
                label={t('Auth.project')}
                value={String(project.projectId)}
                onChange={(value) => void choose(Number(value))}
                options={projectOptions}
              />
            ) : null}
            <PhoneField
              value={phone}
              onChange={setPhone}
              countryCode={project.countryCode}
              error={errors.phone ?? null}
            />
            {mode !== 'login' ? (
              <CodeField
                value={code}
                onChange={setCode}
                error={errors.code ?? null}
                onSend={() => sendCode(mode === 'register' ? 'register' : 'reset')}
              />
            ) : null}
            <PasswordField
              value={password}
              onChange={setPassword}
              error={errors.password ?? null}
              label={mode === 'forgot' ? t('Auth.newPassword') : t('Auth.password')}
              placeholder={
                mode === 'login' ? t('Auth.passwordPlaceholder') : t('Auth.newPasswordPlaceholder')
              }
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            />
            {mode === 'register' ? (
              <label className="flex flex-col gap-1.5 text-sm font-medium text-slate-700">
                {t('Auth.nickname')}
                <input
                  name="nickname"
                  value={nickname}
                  maxLength={32}
                  placeholder={t('Auth.nicknamePlaceholder')}
                  onChange={(event) => setNickname(event.target.value)}
                  className="h-12 rounded-xl bg-white px-3.5 text-base font-normal text-slate-900 ring-1 ring-slate-300 ring-inset outline-none placeholder:text-slate-400 focus:ring-2 focus:ring-brand-600"
                />
              </label>
            ) : null}
            {mode === 'login' ? (
              <div className="-mt-1 flex justify-end">
                <button
                  type="button"
                  onClick={() => switchMode('forgot')}
                  className="text-sm font-semibold text-brand-700 hover:underline"
                >
                  {t('Auth.forgotPassword')}
                </button>
              </div>
            ) : null}
            <Button type="submit" size="lg" block busy={busy}>
              {busy && mode === 'login'
                ? t('Auth.signingIn')
                : mode === 'login'
                  ? t('Auth.login')
                  : mode === 'register'
                    ? t('Auth.register')
                    : t('Auth.resetPassword')}
            </Button>
          </form>
        </main>

        <p className="mt-6 text-center text-[15px] text-slate-600">
          {mode === 'login' ? (
            <>
              {t('Auth.noAccount')}{' '}
              <button
                type="button"
                onClick={() => switchMode('register')}
                className="font-semibold text-brand-700 hover:underline"
              >
                {t('Auth.register')}
              </button>
            </>
          ) : (
            <button
              type="button"
              onClick={() => switchMode('login')}
              className="font-semibold text-brand-700 hover:underline"
            >
              {mode === 'register' ? `${t('Auth.haveAccount')} ${t('Auth.login')}` : t('Auth.backToLogin')}
            </button>
          )}
        </p>
        <p className="mt-auto pt-8 text-center text-xs leading-relaxed text-slate-600">{t('Auth.terms')}</p>
      </div>
    </div>
  );
}
