import { create } from 'zustand';

/** A dialog raised by an error reaction or the app-only rule. */
export interface ShellDialog {
  kind: 'info' | 'error';
  title?: string;
  message: string;
}

/** Why the non-closable update dialog is up: a newer web build, or a wrapper below the minimum. */
export type ForcedUpdate = 'newVersion' | 'nativeTooOld' | null;

interface LayoutState {
  dialogs: ShellDialog[];
  forcedUpdate: ForcedUpdate;
  /**
   * Page scrolling is locked on /transaction while this is true (spec §2): the movement detail
   * sheet sets it while open, so the list under it keeps its place.
   */
  scrollLocked: boolean;
}

/** Shell layout state; not persisted. */
export const useLayoutStore = create<LayoutState>()(() => ({
  dialogs: [],
  forcedUpdate: null,
  scrollLocked: false,
}));

export function setScrollLocked(scrollLocked: boolean): void {
  useLayoutStore.setState((state) => (state.scrollLocked === scrollLocked ? state : { scrollLocked }));
}

export function showDialog(dialog: ShellDialog): void {
  useLayoutStore.setState((state) => {
    const duplicate = state.dialogs.some(
      (open) => open.message === dialog.message && open.title === dialog.title,
    );
    return duplicate ? state : { dialogs: [...state.dialogs, dialog] };
  });
}

export function dismissDialog(): void {
  useLayoutStore.setState((state) => ({ dialogs: state.dialogs.slice(1) }));
}

export function requireUpdate(reason: Exclude<ForcedUpdate, null>): void {
  useLayoutStore.setState((state) => (state.forcedUpdate ? state : { forcedUpdate: reason }));
}
