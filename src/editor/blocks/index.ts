// All GoGo blocks: registers their definitions with Blockly and their Logo with the
// generator (once).
import * as Blockly from 'blockly/core';
// Blockly's library blocks: the variable and procedure blocks (with mutators) come from here.
import 'blockly/blocks';
import { logoGenerator } from '../logo/generator.ts';
import { control } from './control.ts';
import { data, i2c, messages, registerDataExtensions } from './data.ts';
import { defineExtensionCallBlocks, extensionCallLogo } from './extension-calls.ts';
import { motors, servo } from './motors.ts';
import { operators } from './operators.ts';
import { display, lights, sound } from './output.ts';
import { registerPortField } from './port-field.ts';
import { libraryLogo, procedures } from './procedures.ts';
import { raspberry } from './raspberry.ts';
import { sensors } from './sensors.ts';
import type { BlockSet } from './shared.ts';
import { time } from './time.ts';

export const BLOCK_SETS: Record<string, BlockSet> = {
  control,
  time,
  motors,
  servo,
  sensors,
  operators,
  procedures,
  display,
  sound,
  lights,
  data,
  messages,
  raspberry,
  i2c,
};

/** Every GoGo block type. */
export const GOGO_BLOCK_TYPES: string[] = Object.values(BLOCK_SETS).flatMap((set) =>
  set.definitions.map((d) => d.type),
);

let registered = false;

export function registerGogoBlocks(): void {
  if (registered) return;
  registerPortField();
  registerDataExtensions();
  for (const set of Object.values(BLOCK_SETS)) {
    Blockly.common.defineBlocksWithJsonArray(set.definitions);
    Object.assign(logoGenerator.forBlock, set.logo);
  }
  Object.assign(logoGenerator.forBlock, libraryLogo);
  defineExtensionCallBlocks();
  Object.assign(logoGenerator.forBlock, extensionCallLogo);
  registered = true;
}
