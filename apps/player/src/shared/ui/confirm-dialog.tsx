import { AlertDialog } from 'radix-ui';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  busy?: boolean;
  danger?: boolean;
}

/** A yes/no question in an alert dialog. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  busy = false,
  danger = false,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="animate-fade-in fixed inset-0 z-[var(--z-modal)] bg-slate-950/45" />
        <AlertDialog.Content className="animate-sheet-up fixed top-1/2 left-1/2 z-[var(--z-modal)] w-[calc(100%-48px)] max-w-[var(--modal-width)] -translate-x-1/2 -translate-y-1/2 rounded-3xl bg-white p-6 shadow-2xl outline-none">
          <AlertDialog.Title className="text-[17px] font-bold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-[14.5px] leading-relaxed text-slate-600">
            {message}
          </AlertDialog.Description>
          <div className="mt-6 grid grid-cols-2 gap-3">
            <AlertDialog.Cancel className="h-12 rounded-xl bg-slate-100 text-[15px] font-semibold text-slate-700 active:bg-slate-200">
              {cancelLabel}
            </AlertDialog.Cancel>
            <button
              type="button"
              onClick={onConfirm}
              disabled={busy}
              className={
                danger
                  ? 'h-12 rounded-xl bg-rose-600 text-[15px] font-semibold text-white active:bg-rose-700 disabled:bg-rose-300'
                  : 'h-12 rounded-xl bg-brand-600 text-[15px] font-semibold text-white active:bg-brand-700 disabled:bg-brand-200'
              }
            >
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
