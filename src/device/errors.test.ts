import { describe, expect, it } from 'vitest';
import { DeviceError } from './device.ts';
import { toDeviceError, withDeviceErrors } from './errors.ts';

const dom = (name: string) => new DOMException('browser says no', name);

describe('toDeviceError', () => {
  it.each([
    ['NotFoundError', 'request', 'no-device-selected'],
    ['NotFoundError', 'write', 'disconnected'],
    ['SecurityError', 'request', 'permission-denied'],
    ['NotAllowedError', 'open', 'permission-denied'],
    ['NotAllowedError', 'write', 'write-failed'],
    ['InvalidStateError', 'write', 'disconnected'],
    ['InvalidStateError', 'open', 'open-failed'],
    ['NetworkError', 'open', 'open-failed'],
    ['AbortError', 'open', 'timeout'],
    ['TimeoutError', 'write', 'timeout'],
    ['NetworkError', 'socket', 'plugin-not-connected'],
    ['NetworkError', 'lock', 'device-in-use'],
  ] as const)('maps %s during %s to %s', (name, op, code) => {
    const err = toDeviceError(dom(name), op);
    expect(err).toBeInstanceOf(DeviceError);
    expect(err.code).toBe(code);
    expect(err.cause).toBeInstanceOf(DOMException);
  });

  it('passes a DeviceError through unchanged', () => {
    const original = new DeviceError('device-in-use');
    expect(toDeviceError(original, 'open')).toBe(original);
  });

  it('maps anything else by the operation', () => {
    expect(toDeviceError('a string', 'write').code).toBe('write-failed');
    expect(toDeviceError(new TypeError('x'), 'request').code).toBe('open-failed');
  });
});

describe('withDeviceErrors', () => {
  it('returns the result of a call that succeeds', async () => {
    expect(await withDeviceErrors('open', async () => 7)).toBe(7);
  });

  it('rejects with the mapped DeviceError', async () => {
    await expect(
      withDeviceErrors('request', () => Promise.reject(dom('NotFoundError'))),
    ).rejects.toMatchObject({ code: 'no-device-selected' });
  });
});
