// The one place where low-level failures become DeviceError codes (style anchor 3).
// Transports wrap every browser call in `withDeviceErrors`; the UI switches on the code.
import { DeviceError, type DeviceErrorCode } from './device.ts';

/** What the failing call was doing; the same browser error means different things. */
type DeviceOperation = 'request' | 'open' | 'write' | 'close' | 'lock' | 'socket';

const FALLBACK: Record<DeviceOperation, DeviceErrorCode> = {
  request: 'open-failed',
  open: 'open-failed',
  write: 'write-failed',
  close: 'disconnected',
  lock: 'device-in-use',
  socket: 'plugin-not-connected',
};

function codeFor(name: string, op: DeviceOperation): DeviceErrorCode {
  switch (name) {
    case 'NotFoundError':
      // requestDevice() rejects with NotFoundError when the user picks nothing.
      return op === 'request' ? 'no-device-selected' : 'disconnected';
    case 'SecurityError':
    case 'NotAllowedError':
      // No user gesture, a permissions policy, or OS-level access refused (udev rules).
      return op === 'write' ? 'write-failed' : 'permission-denied';
    case 'AbortError':
    case 'TimeoutError':
      return 'timeout';
    case 'InvalidStateError':
      // The device closed under us (unplugged) or is held elsewhere.
      return op === 'write' ? 'disconnected' : FALLBACK[op];
    default:
      return FALLBACK[op];
  }
}

/** Maps any thrown value to a DeviceError (DeviceErrors pass through unchanged). */
export function toDeviceError(e: unknown, op: DeviceOperation): DeviceError {
  if (e instanceof DeviceError) return e;
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  const message = e instanceof Error ? e.message : String(e);
  return new DeviceError(codeFor(name, op), `${op}: ${message}`, {}, { cause: e });
}

/** Runs a low-level call and converts its failure to a DeviceError. */
export async function withDeviceErrors<T>(op: DeviceOperation, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw toDeviceError(e, op);
  }
}
