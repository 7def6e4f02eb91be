import type { Locale, ProjectConfig } from '@payhub/contracts';
import { useQuery } from '@tanstack/react-query';
import { PROJECT_COOKIE, PROJECT_COOKIE_DAYS, writeCookie } from '../shared/cookies.ts';
import { api } from './api.ts';
import { applyLanguage } from './i18n.ts';
import { usePreferences } from './preferences.store.ts';
import { queryClient } from './query-client.ts';

/** One entry of GET /main/site/config/projects. */
export interface ProjectSummary {
  projectId: number;
  name: string;
  logo: string;
  locale: Locale;
  currency: string;
  currencySymbol: string;
  countryCode: string;
}

const HOUR_MS = 60 * 60 * 1000;

export function useProjects() {
  return useQuery({
    queryKey: ['site', 'projects'],
    queryFn: async () => (await api.site.config({ params: { key: 'projects' } })).value as ProjectSummary[],
    staleTime: HOUR_MS,
  });
}

/** The current project's config (currency, country code, locale): the server resolves cookie or default. */
export function useProject() {
  const projectId = usePreferences((state) => state.projectId);
  return useQuery({
    queryKey: ['site', 'project', projectId],
    queryFn: async () => (await api.site.config({ params: { key: 'project' } })).value as ProjectConfig,
    staleTime: HOUR_MS,
  });
}

/** Chooses a project (cookie for a month); the language follows it unless the user picked one. */
export async function chooseProject(project: ProjectSummary): Promise<void> {
  writeCookie(PROJECT_COOKIE, String(project.projectId), PROJECT_COOKIE_DAYS);
  usePreferences.setState({ projectId: project.projectId });
  await queryClient.invalidateQueries({ queryKey: ['site', 'project'] });
  if (!usePreferences.getState().languageChosen) await applyLanguage(project.locale);
}
