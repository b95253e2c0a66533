// The byte-code VM, by handle (core-rs/src/vm/, ABI core-rs/src/abi/vm.rs;
// docs/virtual-board-vm.md). Byte layouts in vm-layout.ts.
import type { CoreAbi } from './core-abi.ts';
import {
  logoVersionNumber,
  VM_CONTROL_CODES,
  type LogoVersion,
  type VmControl,
} from './core-enums.ts';
import type { VmErrorCode } from './core-errors.ts';
import type { CoreResult } from './core-result.ts';
import {
  decodeDataLog,
  decodeVmSnapshot,
  decodeVmStep,
  encodeVmConfig,
  encodeVmInputs,
  type VmConfig,
  type VmInputs,
  type VmSnapshot,
  type VmStep,
} from './vm-layout.ts';

type VmResult<T> = CoreResult<T, VmErrorCode>;

const toUtf8 = new TextEncoder();
const done = () => null;

/** A new VM with the default settings; its handle names it in the other vm calls. */
export function vmCreate(abi: CoreAbi): VmResult<number> {
  const handle = abi.exports.gg_vm_create() >>> 0;
  if (handle === 0) {
    return { ok: false, error: { code: 'too-many', message: 'Too many virtual machines' } };
  }
  return { ok: true, value: handle };
}

export function vmDestroy(abi: CoreAbi, handle: number): VmResult<null> {
  return abi.callNoInput(() => abi.exports.gg_vm_destroy(handle >>> 0), done);
}

/** Board settings; fields left out keep their defaults (`DEFAULT_VM_CONFIG`). */
export function vmConfigure(abi: CoreAbi, handle: number, config: Partial<VmConfig>) {
  return abi.call<null, VmErrorCode>(
    (p, n) => abi.exports.gg_vm_configure(handle >>> 0, p, n),
    encodeVmConfig(config),
    done,
  );
}

/** Loads byte code compiled for `version`; a running program stops. */
export function vmLoad(
  abi: CoreAbi,
  handle: number,
  code: Uint8Array,
  version: LogoVersion,
): VmResult<null> {
  const codeNumber = logoVersionNumber(version);
  return abi.call((p, n) => abi.exports.gg_vm_load(handle >>> 0, p, n, codeNumber), code, done);
}

/** Stop, run or toggle (`CMD_LOGO_CONTROL`), or power-on (runs when autorun is set). */
export function vmControl(
  abi: CoreAbi,
  handle: number,
  action: VmControl,
  nowMs: number,
): VmResult<null> {
  const code = VM_CONTROL_CODES[action];
  return abi.callNoInput(() => abi.exports.gg_vm_control(handle >>> 0, code, nowMs), done);
}

export function vmSetAutorun(abi: CoreAbi, handle: number, on: boolean): VmResult<null> {
  return abi.callNoInput(() => abi.exports.gg_vm_set_autorun(handle >>> 0, on ? 1 : 0), done);
}

/** Sensors, switches, RTC and Raspberry Pi flags as they are now. */
export function vmSetInputs(abi: CoreAbi, handle: number, inputs: VmInputs): VmResult<null> {
  return abi.call(
    (p, n) => abi.exports.gg_vm_set_inputs(handle >>> 0, p, n),
    encodeVmInputs(inputs),
    done,
  );
}

/** What a program can receive: `ir`/`newir?`, `serial`/`newserial?`, `key`/`intkey`. */
type VmMessage =
  | { kind: 'ir'; code: number }
  | { kind: 'serial'; byte: number }
  | { kind: 'key-value'; key: string; value: string };

/** Delivers a message; a key-value message's key must not hold a comma. */
export function vmReceive(abi: CoreAbi, handle: number, message: VmMessage): VmResult<null> {
  const [kind, bytes] =
    message.kind === 'ir'
      ? [0, new Uint8Array([message.code & 0xff])]
      : message.kind === 'serial'
        ? [1, new Uint8Array([message.byte & 0xff])]
        : [2, toUtf8.encode(`${message.key},${message.value}`)];
  return abi.call((p, n) => abi.exports.gg_vm_receive(handle >>> 0, kind, p, n), bytes, done);
}

/**
 * Runs at most `budget` instructions at virtual time `nowMs`; returns how many ran, the
 * state, and the events since the last step.
 */
export function vmStep(
  abi: CoreAbi,
  handle: number,
  budget: number,
  nowMs: number,
): VmResult<VmStep> {
  const steps = Math.max(0, Math.floor(budget)) >>> 0;
  return abi.callNoInput(() => abi.exports.gg_vm_step(handle >>> 0, steps, nowMs), decodeVmStep);
}

/** The state and the events since the last read, without running. */
export function vmSnapshot(abi: CoreAbi, handle: number): VmResult<VmSnapshot> {
  return abi.callNoInput(() => abi.exports.gg_vm_snapshot(handle >>> 0), decodeVmSnapshot);
}

/** The on-board data log (`record`), oldest word first. */
export function vmDataLog(abi: CoreAbi, handle: number): VmResult<number[]> {
  return abi.callNoInput(() => abi.exports.gg_vm_data_log(handle >>> 0), decodeDataLog);
}
