// Numbered values core-rs writes into (or reads from) its binary layouts: a value's
// position in its list (or the number beside it) is the number on the wire. The lists come
// from core-rs (generated/core-facts.ts, checked for staleness by the Rust tests); this
// module shapes them for the decoders (number → value and value → number).
import {
  FLASH_CHIP_CODES,
  HID_IGNORED_REASONS,
  LOGO_VERSION_CODES as LOGO_VERSION_NUMBERS,
  VM_CONTROLS,
  type IgnoredReason,
  type VmControl,
} from './generated/core-facts.ts';

export {
  DATALOG_PHASES,
  FLASH_CHIP_CODES,
  type DatalogPhase,
  type IgnoredReason,
  type VmControl,
} from './generated/core-facts.ts';

/** Start address kind of a HEX image (`hex::encode_image`), by number. */
export const HEX_START_KINDS = ['none', 'segment', 'linear'] as const;
export type HexStartKind = (typeof HEX_START_KINDS)[number];

/** The Logo versions a compile request can name (spec core §7, §9). */
export type LogoVersion = keyof typeof LOGO_VERSION_NUMBERS;
export const LOGO_VERSIONS = Object.keys(LOGO_VERSION_NUMBERS) as readonly LogoVersion[];
/** A version by its number (`gg_logo_pick_version`'s answer). */
export const LOGO_VERSION_BY_NUMBER: Record<number, LogoVersion> = Object.fromEntries(
  LOGO_VERSIONS.map((v) => [LOGO_VERSION_NUMBERS[v], v]),
);
/** The number `gg_vm_load` takes for a version. */
export const logoVersionNumber = (v: LogoVersion): number => LOGO_VERSION_NUMBERS[v];

/** The chip a firmware image is for (core-rs `flash::Chip`). */
export type FlashChip = keyof typeof FLASH_CHIP_CODES;
export const FLASH_CHIPS: Record<number, FlashChip> = Object.fromEntries(
  (Object.keys(FLASH_CHIP_CODES) as FlashChip[]).map((c) => [FLASH_CHIP_CODES[c], c]),
);

/** Why a report was not decoded, by number (from 1). */
export const IGNORED_REASONS: Record<number, IgnoredReason> = Object.fromEntries(
  HID_IGNORED_REASONS.map((r, i) => [i + 1, r]),
);

/** Record layout of a datalog: `auto` decides from the announced size and the records. */
export type DatalogFormat = 'auto' | 'compact10' | 'legacy16';
export const DATALOG_FORMAT_CODES: Record<DatalogFormat, number> = {
  auto: 0,
  compact10: 10,
  legacy16: 16,
};

/** `gg_vm_control`'s action numbers. */
export const VM_CONTROL_CODES = Object.fromEntries(VM_CONTROLS.map((c, i) => [c, i])) as Record<
  VmControl,
  number
>;
