import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  closeLabel: string;
  children: ReactNode;
}

/**
 * A bottom sheet on phones and a centred modal (466 px) from 750 px up; Radix keeps focus inside
 * and closes it on Escape.
 */
export function Sheet({ open, onOpenChange, title, description, closeLabel, children }: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="animate-fade-in fixed inset-0 z-[var(--z-modal)] bg-slate-950/45" />
        <Dialog.Content className="animate-sheet-up fixed inset-x-0 bottom-0 z-[var(--z-modal)] max-h-[90dvh] overflow-y-auto rounded-t-3xl bg-white px-5 pt-3 pb-[max(1.5rem,env(safe-area-inset-bottom))] shadow-2xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:max-h-[70vh] sm:w-[var(--modal-width)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-3xl sm:pt-5">
          <div aria-hidden className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-slate-200 sm:hidden" />
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="text-[18px] font-bold text-slate-900">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-1 text-[13.5px] leading-relaxed text-slate-500">
                  {description}
                </Dialog.Description>
              ) : (
                <Dialog.Description className="sr-only">{title}</Dialog.Description>
              )}
            </div>
            <Dialog.Close
              aria-label={closeLabel}
              className="-mt-1 -mr-2 flex size-10 shrink-0 items-center justify-center rounded-full text-slate-400 active:bg-slate-100"
            >
              <X className="size-5" />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
