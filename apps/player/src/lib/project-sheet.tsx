import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../shared/ui/sheet.tsx';
import { PageSpinner } from '../shared/ui/spinner.tsx';
import { chooseProject, type ProjectSummary, useProjects } from './project.ts';

/** Project selection on the sign-in screens: projects 10, 12 and 16 from the site config (cookie projectId). */
export function ProjectSheet({
  open,
  onOpenChange,
  currentProjectId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentProjectId: number | undefined;
}) {
  const { t } = useTranslation();
  const projects = useProjects();

  async function choose(project: ProjectSummary) {
    await chooseProject(project);
    onOpenChange(false);
  }

  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title={t('player.chooseProject')}
      closeLabel={t('player.close')}
    >
      {projects.data ? (
        <ul className="flex flex-col gap-2">
          {projects.data.map((project) => {
            const selected = project.projectId === currentProjectId;
            return (
              <li key={project.projectId}>
                <button
                  type="button"
                  onClick={() => void choose(project)}
                  aria-pressed={selected}
                  className={clsx(
                    'flex min-h-16 w-full items-center gap-3 rounded-2xl px-4 py-3 text-left ring-1',
                    selected ? 'bg-brand-50 ring-brand-200' : 'bg-white ring-slate-200 active:bg-slate-50',
                  )}
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-[13px] font-bold text-slate-600">
                    {project.currency}
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate text-[15px] font-semibold text-slate-900">{project.name}</span>
                    <span className="text-[13px] text-slate-500">
                      +{project.countryCode} · {project.currencySymbol} · {project.currency}
                    </span>
                  </span>
                  {selected && <Check className="size-5 text-brand-600" />}
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <PageSpinner label={t('player.loading')} />
      )}
    </Sheet>
  );
}
