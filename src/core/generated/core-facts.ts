// Generated from core-rs by `npm run generate:core` (core-rs/src/mirror.rs); do not edit.
// `bash scripts/test-rust.sh` fails while this file differs from what core-rs generates.

/** Error codes of Intel HEX parsing (core-rs `hex::HexErrorCode`). */
export const HEX_ERROR_CODES = [
  'missing-colon',
  'bad-digit',
  'bad-length',
  'checksum',
  'bad-record-type',
  'bad-record-length',
  'missing-eof',
  'data-after-eof',
  'overlap',
  'address-overflow',
  'image-too-large',
  'empty',
] as const;
export type HexErrorCode = (typeof HEX_ERROR_CODES)[number];

/** Error codes of the Logo filter and compiler (core-rs `logo::LogoErrorCode`). */
export const LOGO_ERROR_CODES = [
  'unknown-version',
  'encoding',
  'invalid-input',
  'empty',
  'syntax',
  'unknown-name',
  'procedure',
  'too-many-inputs',
  'too-many',
  'too-deep',
  'number-range',
  'text-too-long',
  'list-too-long',
  'unsupported',
  'too-large',
] as const;
export type LogoErrorCode = (typeof LOGO_ERROR_CODES)[number];

/** Error codes of flash plans besides the HEX codes (core-rs `flash::FlashErrorCode`, `abi::flash::ERRORS`). */
export const FLASH_PLAN_ERROR_CODES = [
  'empty',
  'too-few-items',
  'image-too-large',
  'nothing-to-write',
  'bad-request',
] as const;
export type FlashPlanErrorCode = (typeof FLASH_PLAN_ERROR_CODES)[number];

/** Error codes of command framing (core-rs `hid::command::FrameErrorCode`). */
export const HID_FRAME_ERROR_CODES = [
  'short-request',
  'unknown-command',
  'bad-argument-count',
  'out-of-range',
  'data-too-long',
  'unexpected-data',
] as const;
export type HidFrameErrorCode = (typeof HID_FRAME_ERROR_CODES)[number];

/** Error codes of report encoding (core-rs `abi::hid::ENCODE_ERRORS`). */
export const HID_ENCODE_ERROR_CODES = ['short-request', 'unknown-packet-type'] as const;
export type HidEncodeErrorCode = (typeof HID_ENCODE_ERROR_CODES)[number];

/** Fault codes of the VM (core-rs `vm::FaultCode`), in snapshot-number order (1 first). */
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

/** Errors of the VM calls themselves, not program faults (core-rs `abi::vm::ERRORS`). */
export const VM_ERROR_CODES = [
  'bad-handle',
  'too-many',
  'bad-config',
  'bad-inputs',
  'bad-action',
  'unknown-version',
  'too-large',
] as const;
export type VmErrorCode = (typeof VM_ERROR_CODES)[number];

/** Run states of the VM snapshot, by number (core-rs `vm::snapshot::StateNumber`). */
export const VM_RUN_STATES = [
  'idle',
  'running',
  'waiting',
  'blocked',
  'done',
  'stopped',
  'faulted',
] as const;
export type VmRunState = (typeof VM_RUN_STATES)[number];

/** Actions of `gg_vm_control`, by number (core-rs `abi::vm::Control`). */
export const VM_CONTROLS = ['stop', 'run', 'toggle', 'power-on'] as const;
export type VmControl = (typeof VM_CONTROLS)[number];

/** Display targets of the VM snapshot, by number (core-rs `vm::io::DisplayTarget`). */
export const VM_DISPLAY_TARGETS = ['auto', '7seg-1', '7seg-2', 'lcd-1', 'lcd-2'] as const;
export type VmDisplayTarget = (typeof VM_DISPLAY_TARGETS)[number];

/** Why a program ended, by number (core-rs `vm::io::EndReason`). */
export const VM_END_REASONS = ['finished', 'stopall', 'stopped', 'fault'] as const;
export type VmEndReason = (typeof VM_END_REASONS)[number];

/** The Raspberry Pi reporters in the order of the VM's input block (core-rs `vm::io::PiReporter`). */
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

/** Event type numbers of the VM snapshot (core-rs `vm::snapshot::event`). */
export const VM_EVENT = {
  BEEP: 1,
  NOTE: 2,
  SHOW_SHORT: 3,
  SHOW_LONG: 4,
  CLEAR_DISPLAY: 5,
  RECORD: 6,
  ERASE: 7,
  CLOUD_RECORD: 8,
  RECORD_TO_PI: 9,
  SEND_MESSAGE: 10,
  I2C_WRITE: 11,
  PI: 12,
  SEND: 13,
  STARTED: 14,
  ENDED: 15,
  ANSWER: 16,
} as const;

/** Errors of the decompiler (core-rs `decompile::ErrorCode`, `abi::decompile::DECOMPILE_ERRORS`). */
export const DECOMPILE_ERROR_CODES = [
  'unknown-version',
  'unsupported-version',
  'empty',
  'too-large',
  'truncated',
  'bad-opcode',
  'not-expressible',
  'stack',
  'structure',
  'list-length',
  'bad-call',
  'too-deep',
] as const;
export type DecompileErrorCode = (typeof DECOMPILE_ERROR_CODES)[number];

/** Errors of the memory-read reply (core-rs `memread::ErrorCode`, `abi::decompile::MEMREAD_ERRORS`). */
export const MEMREAD_ERROR_CODES = [
  'bad-request',
  'bad-chunk',
  'read-failure',
  'incomplete',
] as const;
export type MemReadErrorCode = (typeof MEMREAD_ERROR_CODES)[number];

/** Where a datalog read stands, by number (core-rs `datalog::Phase`). */
export const DATALOG_PHASES = [
  'sizes',
  'table',
  'records',
  'done',
  'empty',
  'failed',
  'stopped',
] as const;
export type DatalogPhase = (typeof DATALOG_PHASES)[number];

/** Problems in the board's datalog stream (core-rs `datalog::DatalogErrorCode`). */
export const DATALOG_ERROR_CODES = [
  'board-failure',
  'truncated',
  'bad-sizes',
  'bad-table',
  'records-length',
  'bad-packet',
  'unexpected-status',
  'unknown-record-size',
  'too-many-series',
] as const;
export type DatalogErrorCode = (typeof DATALOG_ERROR_CODES)[number];

/** Misuse of the datalog calls (core-rs `abi::datalog::ERRORS`). */
export const DATALOG_CALL_ERROR_CODES = ['bad-handle', 'bad-request'] as const;
export type DatalogCallErrorCode = (typeof DATALOG_CALL_ERROR_CODES)[number];

/** The Logo versions and the numbers the VM and version picker use for them (core-rs `logo::LogoVersion`). */
export const LOGO_VERSION_CODES = {
  '1.2': 12,
  '1.3': 13,
  '1.4': 14,
  '2.1': 21,
} as const;

/** Chip numbers of flash plans (core-rs `flash::Chip`). */
export const FLASH_CHIP_CODES = {
  stm: 1,
  esp: 2,
  legacy: 3,
} as const;

/** Why a firmware file is refused before it is written (core-rs `firmware_image::MismatchCode`; `gg_firmware_check` reports index + 1, 0 = fits). */
export const FIRMWARE_MISMATCH_CODES = [
  'image-damaged',
  'image-wrong-board',
  'image-wrong-chip',
  'image-overwrites-bootloader',
  'image-test-only',
] as const;
export type FirmwareMismatch = (typeof FIRMWARE_MISMATCH_CODES)[number];

/** What a firmware image is written as: the identity block's chip numbers (core-rs `firmware_image::Target`). */
export const FIRMWARE_TARGET_CODES = {
  stm: 1,
  esp: 2,
  'legacy-firmware': 3,
  'legacy-bootloader': 4,
} as const;

/** Sizes of flash units and reports, shared by the flash plans, the flash engine and the virtual board's bootloaders (core-rs `flash`). */
export const FLASH_LAYOUT = {
  STM_PAGE_BYTES: 1024,
  STM_REPORT_BYTES: 64,
  ESP_SECTOR_BYTES: 4032,
  ESP_REPORT_BYTES: 63,
  LEGACY_CHUNK_BYTES: 60,
  LEGACY_REPORT_BYTES: 63,
  LEGACY_ADDRESS_LIMIT: 65536,
} as const;

/** Record kinds of `gg_hid_decode` output: the packet type, or 255 for an ignored report (core-rs `hid::packet`, `abi::hid`). */
export const HID_RECORD_KIND = {
  STATUS: 0,
  DEBUG: 1,
  PI_STATUS: 2,
  TAP: 6,
  KEY_VALUE: 7,
  RESPONSE: 20,
  IGNORED: 255,
} as const;

/** Why a report was ignored, numbered from 1 (core-rs `hid::packet::Ignored`). */
export const HID_IGNORED_REASONS = ['short', 'unknown', 'malformed', 'empty'] as const;
export type IgnoredReason = (typeof HID_IGNORED_REASONS)[number];

/** Slots of a decoded status packet; arrays start at their slot (core-rs `hid::layout::slot`). */
export const STATUS_SLOT = {
  SENSOR_COUNT: 0,
  SENSORS: 1,
  BOARD_TYPE: 9,
  BOARD_VERSION: 10,
  HARDWARE_ID: 11,
  FIRMWARE: 12,
  FIRMWARE_2: 13,
  MOTOR_ACTIVE: 14,
  MOTOR_ON: 15,
  MOTOR_DIRECTION: 16,
  MOTOR_POWER: 17,
  IR: 21,
  RTC_SECOND: 22,
  RTC_MINUTE: 23,
  RTC_HOUR: 24,
  RTC_WEEKDAY: 25,
  RTC_DATE: 26,
  RTC_MONTH: 27,
  RTC_YEAR: 28,
  ESP_FAMILY: 29,
  JOYSTICK: 30,
  SERVO_ACTIVE: 31,
  SERVO_ANGLE: 32,
  SERVO_POWER: 36,
  WIFI_STATUS: 40,
  ANSWER: 41,
  GESTURE: 42,
  ORIENTATION: 43,
  LOUDNESS: 44,
  LIGHT: 45,
  PROXIMITY: 46,
  RED: 47,
  GREEN: 48,
  BLUE: 49,
  TEMPERATURE: 50,
  HUMIDITY: 51,
  ACCEL_X: 52,
  ACCEL_Y: 53,
  ACCEL_Z: 54,
  SERVO_ON: 55,
  SERVO_RELAY: 56,
  COUNT: 57,
} as const;

/** Slots of a decoded Raspberry Pi status packet (core-rs `hid::layout::pi_slot`). */
export const PI_SLOT = {
  REVISION: 0,
  CPU_LOAD: 1,
  CPU_TEMP: 2,
  MEMORY_USED: 3,
  ETH_IP: 4,
  WLAN_IP: 8,
  CAMERA: 12,
  SMS_FLAGS: 13,
  TAPPED: 14,
  TAP_X: 15,
  TAP_Y: 16,
  WIFI_STATUS: 17,
  EMAIL_STATUS: 18,
  SMS_STATUS: 19,
  RFID_STATUS: 20,
  RFID_TAG: 21,
  COUNT: 22,
} as const;
