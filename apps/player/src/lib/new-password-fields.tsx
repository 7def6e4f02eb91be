import { useTranslation } from 'react-i18next';
import { PasswordField } from '../shared/ui/field.tsx';
import type { ValidationKey } from '../shared/validation.ts';
import { useValidationMessage } from './validation-message.ts';

export interface NewPasswordFieldsProps {
  password: string;
  repeat: string;
  onPasswordChange: (value: string) => void;
  onRepeatChange: (value: string) => void;
  passwordError?: ValidationKey;
  repeatError?: ValidationKey;
}

/** A new password and its confirmation, as the reset flow asks for them (forgot page, password sheet). */
export function NewPasswordFields({
  password,
  repeat,
  onPasswordChange,
  onRepeatChange,
  passwordError,
  repeatError,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const message = useValidationMessage();
  return (
    <>
      <PasswordField
        label={t('playerAuth.newPassword')}
        value={password}
        onChange={onPasswordChange}
        error={message(passwordError)}
        hint={t('playerAuth.passwordHint')}
        autoComplete="new-password"
        showLabel={t('playerAuth.showPassword')}
        hideLabel={t('playerAuth.hidePassword')}
        name="password"
      />
      <PasswordField
        label={t('playerAuth.confirmPassword')}
        value={repeat}
        onChange={onRepeatChange}
        error={message(repeatError)}
        autoComplete="new-password"
        showLabel={t('playerAuth.showPassword')}
        hideLabel={t('playerAuth.hidePassword')}
        name="repeat"
      />
    </>
  );
}
