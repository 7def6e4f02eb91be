import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api, errorText } from '../../lib/api.ts';
import { paths } from '../../lib/paths.ts';
import { CONSOLE_PROJECTS, setProject, usePreferences } from '../../lib/preferences.store.ts';
import { setSessionToken } from '../../lib/session.store.ts';
import { Button, Card, ErrorLine, Input, Select } from '../../shared/ui.tsx';

/** Staff sign in with their account; the console opens only when the account holds a grant in the project. */
export function SignInPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const projectId = usePreferences((state) => state.projectId);
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const session = await api.user.login({ body: { phone, password } });
      setSessionToken(session.token);
      try {
        await api.console.me();
      } catch {
        await api.user.logout().catch(() => {});
        setSessionToken(null);
        setError(t('console.signIn.notStaff'));
        return;
      }
      queryClient.clear();
      navigate(paths.players, { replace: true });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-sm">
        <h1 className="mb-4 text-center text-xl font-semibold">{t('console.title')}</h1>
        <Card title={t('console.signIn.heading')}>
          <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
            <label htmlFor="console-project" className="flex flex-col gap-1 text-sm">
              {t('console.signIn.project')}
              <Select
                id="console-project"
                value={projectId}
                onChange={(event) => setProject(Number(event.target.value))}
              >
                {CONSOLE_PROJECTS.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </Select>
            </label>
            <label htmlFor="console-phone" className="flex flex-col gap-1 text-sm">
              {t('console.signIn.phone')}
              <Input
                id="console-phone"
                value={phone}
                onChange={(event) => setPhone(event.target.value)}
                autoComplete="username"
                inputMode="tel"
              />
            </label>
            <label htmlFor="console-password" className="flex flex-col gap-1 text-sm">
              {t('console.signIn.password')}
              <Input
                id="console-password"
                type="password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                autoComplete="current-password"
              />
            </label>
            <ErrorLine error={error} />
            <Button type="submit" disabled={busy || !phone || !password}>
              {t('console.signIn.submit')}
            </Button>
          </form>
        </Card>
      </div>
    </div>
  );
}
