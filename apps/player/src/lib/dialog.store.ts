import { create } from 'zustand';

/** One message dialog at a time: the info dialog (762, 777, 712, 1) or the error dialog (spec §8). */
export interface MessageDialog {
  kind: 'info' | 'error';
  message: string;
}

interface DialogState {
  current: MessageDialog | null;
}

export const useDialog = create<DialogState>(() => ({ current: null }));

export function showDialog(dialog: MessageDialog): void {
  useDialog.setState({ current: dialog });
}

export function closeDialog(): void {
  useDialog.setState({ current: null });
}
