// DeviceError code → the message the user sees (spec core §8 texts where the spec has one),
// as an i18n key in the `device` namespace plus its interpolation values.
import type { TFunction } from 'i18next';
import type { DeviceErrorCode, DeviceErrorDetail } from '../device.ts';

interface ErrorMessage {
  key: string;
  values?: Record<string, string | number>;
}

const KEYS: Record<DeviceErrorCode, string> = {
  'no-device-selected': 'errors.boardNotConnected',
  'permission-denied': 'errors.permissionDenied',
  'unsupported-browser': 'errors.unsupportedBrowser',
  'device-in-use': 'errors.deviceInUse',
  'open-failed': 'errors.connectionError',
  disconnected: 'errors.boardNotConnected',
  'not-connected': 'errors.boardNotConnected',
  'board-mismatch': 'errors.boardNotFound',
  timeout: 'errors.connectionError',
  'firmware-too-old': 'errors.firmwareTooOld',
  'unknown-board-type': 'errors.unknownBoardType',
  'write-failed': 'errors.connectionError',
  'plugin-not-connected': 'errors.pluginNotConnected',
  'pi-not-alive': 'errors.piNotAlive',
  'firmware-updating': 'errors.firmwareUpdating',
  'invalid-command': 'errors.invalidCommand',
  'board-offline': 'errors.boardOffline',
  'session-ended': 'errors.sessionEnded',
  'remote-interrupted': 'errors.remoteInterrupted',
};

/** Why a remote-lab session ended → the message's key (`errors.sessionEnded` by default). */
const SESSION_END_KEYS: Record<string, string> = {
  expired: 'errors.sessionExpired',
  'time-limit': 'errors.sessionTimeLimit',
  'station-offline': 'errors.boardOffline',
  'lab-removed': 'errors.sessionLabRemoved',
  'access-ended': 'errors.sessionAccessEnded',
};

function errorMessage(code: DeviceErrorCode, detail: DeviceErrorDetail = {}): ErrorMessage {
  const key = KEYS[code];
  if (code === 'firmware-too-old') return { key, values: { n: detail.minimum ?? 0 } };
  if (code === 'board-mismatch') return { key, values: { boardType: detail.boardType ?? 0 } };
  if (code === 'session-ended') return { key: SESSION_END_KEYS[detail.reason ?? ''] ?? key };
  return { key };
}

/** The translated message; `{board}` is the board type's translated name. */
export function translateError(
  t: TFunction,
  code: DeviceErrorCode,
  detail: DeviceErrorDetail = {},
): string {
  const m = errorMessage(code, detail);
  const values: Record<string, string | number> = { ...m.values };
  if (m.values?.boardType !== undefined) {
    values.board = t(`device:boards.${m.values.boardType}`);
  }
  return t(`device:${m.key}`, values);
}
