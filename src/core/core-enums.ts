// Numbered values core-rs writes into (or reads from) its binary layouts, in core-rs order:
// a value's position (or the number beside it) is the number on the wire. Each table names
// the Rust item it mirrors; they are kept apart from the decoders so that they can be
// checked against (or generated from) core-rs in one place.

/** Start address kind of a HEX image (core-rs `hex::encode_image`), by number. */
export const HEX_START_KINDS = ['none', 'segment', 'linear'] as const;
export type HexStartKind = (typeof HEX_START_KINDS)[number];

/** The Logo versions a compile request can name (spec core §7, §9). */
export type LogoVersion = '1.2' | '1.3' | '1.4' | '2.1';
export const LOGO_VERSIONS: readonly LogoVersion[] = ['1.2', '1.3', '1.4', '2.1'];
/** `gg_logo_pick_version`'s answer: the version's digits as a number. */
export const LOGO_VERSION_CODES: Record<number, LogoVersion> = {
  12: '1.2',
  13: '1.3',
  14: '1.4',
  21: '2.1',
};

/** The chip a firmware image is for (core-rs `flash::Chip`). */
export type FlashChip = 'stm' | 'esp' | 'legacy';
export const FLASH_CHIP_CODES: Record<FlashChip, number> = { stm: 1, esp: 2, legacy: 3 };
export const FLASH_CHIPS: Record<number, FlashChip> = { 1: 'stm', 2: 'esp', 3: 'legacy' };

/** Why a report was not decoded (core-rs `hid::packet::Ignored`). */
export type IgnoredReason = 'short' | 'unknown' | 'malformed' | 'empty';
export const IGNORED_REASONS: Record<number, IgnoredReason> = {
  1: 'short',
  2: 'unknown',
  3: 'malformed',
  4: 'empty',
};

/** Record layout of a datalog: `auto` decides from the announced size and the records. */
export type DatalogFormat = 'auto' | 'compact10' | 'legacy16';
export const DATALOG_FORMAT_CODES: Record<DatalogFormat, number> = {
  auto: 0,
  compact10: 10,
  legacy16: 16,
};

/** Where a datalog read stands (core-rs `Phase`). */
export type DatalogPhase = 'sizes' | 'table' | 'records' | 'done' | 'empty' | 'failed' | 'stopped';
export const DATALOG_PHASES: readonly DatalogPhase[] = [
  'sizes',
  'table',
  'records',
  'done',
  'empty',
  'failed',
  'stopped',
];

/** Fault codes of the VM (core-rs `vm::FaultCode::as_str`), in snapshot-number order. */
export const VM_FAULT_CODES = [
  'stack-overflow',
  'stack-underflow',
  'input-overflow',
  'input-underflow',
  'bad-opcode',
  'bad-jump',
  'divide-by-zero',
  'bad-global',
  'bad-address',
  'bad-text',
  'halt',
] as const;
export type VmFaultCode = (typeof VM_FAULT_CODES)[number];

/** The VM's state (core-rs `vm::RunState`). */
export type VmRunState =
  'idle' | 'running' | 'waiting' | 'blocked' | 'done' | 'stopped' | 'faulted';
export const VM_RUN_STATES: readonly VmRunState[] = [
  'idle',
  'running',
  'waiting',
  'blocked',
  'done',
  'stopped',
  'faulted',
];

/** `gg_vm_control` actions. */
export type VmControl = 'stop' | 'run' | 'toggle' | 'power-on';
export const VM_CONTROL_CODES: Record<VmControl, number> = {
  stop: 0,
  run: 1,
  toggle: 2,
  'power-on': 3,
};

/** Raspberry Pi reporters, in the order of the VM's input block. */
export const VM_PI_REPORTERS = [
  'facefound',
  'cameraison',
  'isfindingface',
  'screentapped',
  'readrfid',
  'rfidtagfound',
  'rfidreaderfound',
] as const;
export type VmPiReporter = (typeof VM_PI_REPORTERS)[number];

/** Why a program ended (core-rs `vm::io::EndReason`). */
export type VmEndReason = 'finished' | 'stopall' | 'stopped' | 'fault';
export const VM_END_REASONS: readonly VmEndReason[] = ['finished', 'stopall', 'stopped', 'fault'];

/** Where `show` writes (core-rs `vm::io::DisplayTarget`). */
export type VmDisplayTarget = 'auto' | '7seg-1' | '7seg-2' | 'lcd-1' | 'lcd-2';
export const VM_DISPLAY_TARGETS: readonly VmDisplayTarget[] = [
  'auto',
  '7seg-1',
  '7seg-2',
  'lcd-1',
  'lcd-2',
];
