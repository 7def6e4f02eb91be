import { ChevronLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The top bar of a sub-page: a back link and the title. */
export function PageHeader({
  title,
  backTo,
  backLabel,
}: {
  title: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200/70 bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-14 max-w-md items-center gap-1 px-2">
        <Link
          to={backTo}
          aria-label={backLabel}
          className="flex size-10 items-center justify-center rounded-full text-slate-700 active:bg-slate-100"
        >
          <ChevronLeft className="size-6" />
        </Link>
        <h1 className="truncate text-[17px] font-semibold text-slate-900">{title}</h1>
      </div>
    </header>
  );
}
