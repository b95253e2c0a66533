// The error codes core-rs returns, one union per module. The unions come from core-rs
// (generated/core-facts.ts, checked for staleness by the Rust tests); this module adds only
// what the TypeScript side composes or adds itself.
import type {
  DatalogCallErrorCode as CoreDatalogCallErrorCode,
  FlashPlanErrorCode,
  HexErrorCode,
} from './generated/core-facts.ts';

export type {
  DatalogErrorCode,
  DecompileErrorCode,
  HexErrorCode,
  HidEncodeErrorCode,
  HidFrameErrorCode,
  LogoErrorCode,
  MemReadErrorCode,
  VmErrorCode,
} from './generated/core-facts.ts';

/** Flash plans: their own codes, and HEX errors keep theirs. */
export type HexOrFlashPlanErrorCode = HexErrorCode | FlashPlanErrorCode;

/** Misuse of the datalog API. `stale-handle` (TypeScript side): the module was reset after
 * a panic; reopen the log. */
export type DatalogApiErrorCode = CoreDatalogCallErrorCode | 'stale-handle';
