// The text a failed call or board action shows on the station page: the server's message,
// the board link's translated error, or a general failure.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { DeviceError } from '../../../device/device.ts';
import { translateError } from '../../../device/ui/messages.ts';

export function useErrorMessage(): (e: unknown) => string {
  const { t } = useTranslation('remotelab');
  return useCallback(
    (e: unknown) =>
      e instanceof ApiError
        ? e.message
        : e instanceof DeviceError
          ? translateError(t, e.code, e.detail)
          : t('errors.failed'),
    [t],
  );
}
