import type { User } from '@payhub/contracts';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { queryClient } from '../../lib/query-client.ts';
import { USER_QUERY_KEY } from '../../lib/session.ts';
import { useForm } from '../../shared/form.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/field.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { checkNickname, NICKNAME_MAX_LENGTH } from '../../shared/validation.ts';

interface EditSheetProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Saves a profile change and puts the answered user in the cache. */
async function saveProfile(body: { nickname?: string }): Promise<boolean> {
  try {
    const updated = await api.user.update({ body });
    queryClient.setQueryData(USER_QUERY_KEY, updated);
    return true;
  } catch {
    // The error dialog has told the user why.
    return false;
  }
}

interface ProfileSheetFormProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  /** Checks the field; answers the change to save, or null when a rule failed. */
  change: () => { nickname?: string } | null;
  children: ReactNode;
}

/** A one-field profile sheet: the field, a save button, a "saved" toast and the sheet closes once saved. */
function ProfileSheetForm({ open, onOpenChange, title, change, children }: ProfileSheetFormProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = change();
    if (body === null) return;
    setBusy(true);
    const saved = await saveProfile(body);
    setBusy(false);
    if (saved) {
      notify.success(t('playerAccount.saved'));
      onOpenChange(false);
    }
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={title} closeLabel={t('player.close')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        {children}
        <Button type="submit" block busy={busy}>
          {t('player.save')}
        </Button>
      </form>
    </Sheet>
  );
}

export function NicknameSheet({ user, open, onOpenChange }: EditSheetProps) {
  const { t } = useTranslation();
  const form = useForm({ nickname: user.nickname });

  return (
    <ProfileSheetForm
      open={open}
      onOpenChange={onOpenChange}
      title={t('playerAccount.editNickname')}
      change={() =>
        form.check({ nickname: checkNickname(form.values.nickname) })
          ? { nickname: form.values.nickname.trim() }
          : null
      }
    >
      <TextField
        label={t('playerAccount.nickname')}
        value={form.values.nickname}
        onChange={form.set('nickname')}
        error={
          form.errors.nickname
            ? t(`playerAuth.validation.${form.errors.nickname}`, { max: NICKNAME_MAX_LENGTH })
            : null
        }
        placeholder={t('playerAuth.nicknamePlaceholder')}
        autoComplete="nickname"
        name="nickname"
        autoFocus
      />
    </ProfileSheetForm>
  );
}
