import { clsx } from 'clsx';
import { CircleAlert, Info } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { closeDialog, useDialog } from '../../lib/dialog.store.ts';

/** The info and error dialogs of the error reactions (spec §8). */
export function MessageDialogView() {
  const { t } = useTranslation();
  const current = useDialog((state) => state.current);
  const isError = current?.kind === 'error';
  return (
    <AlertDialog.Root open={current !== null} onOpenChange={(open) => !open && closeDialog()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade-in fixed inset-0 z-[calc(var(--z-modal)+10)] bg-slate-950/45" />
        <AlertDialog.Content className="animate-sheet-up fixed top-1/2 left-1/2 z-[calc(var(--z-modal)+10)] w-[calc(100%-48px)] max-w-[var(--modal-width)] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 text-center shadow-2xl outline-none">
          <div
            className={clsx(
              'mx-auto mb-3 flex size-12 items-center justify-center rounded-full',
              isError ? 'bg-rose-50 text-rose-600' : 'bg-brand-50 text-brand-600',
            )}
          >
            {isError ? <CircleAlert className="size-6" /> : <Info className="size-6" />}
          </div>
          <AlertDialog.Title className="text-[17px] font-bold text-slate-900">
            {isError ? t('player.error') : t('player.info')}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-[14.5px] leading-relaxed break-words text-slate-600">
            {current?.message}
          </AlertDialog.Description>
          <AlertDialog.Action
            onClick={closeDialog}
            className="mt-5 h-12 w-full rounded-xl bg-brand-600 text-[15px] font-semibold text-white active:bg-brand-700"
          >
            {t('player.ok')}
          </AlertDialog.Action>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
