import clsx from 'clsx';
import { AlertDialog } from 'radix-ui';

import { MODAL_BASE_Z_INDEX, type ModalProps } from './modal.tsx';

const iconTones = {
  brand: 'bg-brand-50 text-brand-700',
  danger: 'bg-red-50 text-red-700',
  warning: 'bg-amber-50 text-amber-700',
};

/**
 * An accessible alert-style modal (Radix): focus trapped, labelled by its title, never closed by an
 * outside tap; closed by Escape only when `onDismiss` is given. 466 px wide on desktop, at most 70 vh.
 */
export default function ModalDialog({
  open,
  title,
  description,
  icon,
  tone = 'brand',
  actions,
  level = 0,
  onDismiss,
  testId,
}: ModalProps) {
  const zIndex = MODAL_BASE_Z_INDEX + level * 2;
  return (
    <AlertDialog.Root open={open}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay
          className="fixed inset-0 bg-slate-950/55 backdrop-blur-[2px]"
          style={{ zIndex }}
        />
        <AlertDialog.Content
          data-testid={testId}
          onEscapeKeyDown={(event) => {
            if (onDismiss) onDismiss();
            else event.preventDefault();
          }}
          className="fixed top-1/2 left-1/2 flex w-[calc(100vw-32px)] max-w-[var(--modal-width)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl outline-none"
          style={{ zIndex: zIndex + 1, maxHeight: 'var(--modal-max-height)' }}
        >
          {icon ? (
            <div
              className={clsx(
                'mb-4 flex size-12 items-center justify-center self-center rounded-full',
                iconTones[tone],
              )}
            >
              {icon}
            </div>
          ) : null}
          <AlertDialog.Title className="text-center text-lg font-semibold text-slate-900">
            {title}
          </AlertDialog.Title>
          {description ? (
            <AlertDialog.Description className="mt-2 text-center text-[15px] leading-relaxed text-slate-600">
              {description}
            </AlertDialog.Description>
          ) : (
            <AlertDialog.Description className="sr-only">{title}</AlertDialog.Description>
          )}
          <div className="mt-6 flex flex-col gap-2">{actions}</div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
