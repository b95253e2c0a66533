// Helpers for the GoGo block definitions. Every block is a Blockly JSON definition whose
// texts are message references (`%{BKY_GOGO_…}`) filled from the `blocks` i18n namespace,
// plus the function that writes its Logo.
import { Order, type LogoBlockGenerator } from '../logo/generator.ts';

export type BlockJson = { type: string } & Record<string, unknown>;

/** One category's blocks: definitions and their Logo generators. */
export interface BlockSet {
  definitions: BlockJson[];
  logo: Record<string, LogoBlockGenerator>;
}

/** The Blockly message key for an i18n key of the `blocks` namespace. */
export function msgKey(key: string): string {
  return `GOGO_${key.replace(/\./g, '_').toUpperCase()}`;
}

/** A reference to a translated text, resolved when a block is created. */
export function msg(key: string): string {
  return `%{BKY_${msgKey(key)}}`;
}

/** Block styles (colours) per category; see theme.ts. */
export type BlockStyle =
  | 'start'
  | 'control'
  | 'time'
  | 'motors'
  | 'servo'
  | 'sensors'
  | 'operators'
  | 'variables'
  | 'procedures'
  | 'display'
  | 'sound'
  | 'lights'
  | 'data'
  | 'messages'
  | 'raspberry'
  | 'i2c';

export const STATEMENT = { previousStatement: null, nextStatement: null } as const;
/** A statement after which nothing can run (no bottom connection). */
export const TERMINAL = { previousStatement: null } as const;
export type Output = { output: 'Number' | 'Boolean' };
export const NUMBER: Output = { output: 'Number' };
export const BOOLEAN: Output = { output: 'Boolean' };

export function style(s: BlockStyle): { style: string } {
  return { style: `gogo_${s}` };
}

/** A value input (any value: Logo booleans are numbers). */
export function valueArg(name: string): Record<string, unknown> {
  return { type: 'input_value', name };
}

/**
 * A condition input: a hexagonal socket for true/false blocks that also takes numbers, as
 * Logo does (0 is false, anything else true), so `if sensor1 [ … ]` has blocks too.
 */
export function conditionArg(name: string): Record<string, unknown> {
  return { type: 'input_value', name, check: ['Boolean', 'Number'] };
}

export function statementArg(name: string): Record<string, unknown> {
  return { type: 'input_statement', name };
}

/** A dropdown whose labels are translated: options are [i18n key, value]. */
export function dropdownArg(name: string, options: [string, string][]): Record<string, unknown> {
  return {
    type: 'field_dropdown',
    name,
    options: options.map(([key, value]) => [msg(key), value]),
  };
}

export function textArg(name: string, text: string): Record<string, unknown> {
  return { type: 'field_input', name, text };
}

/** A statement block that takes nothing and writes one Logo word. */
export function word(type: string, key: string, s: BlockStyle, logo: string, tooltip?: string) {
  return {
    definition: {
      type,
      message0: msg(key),
      ...STATEMENT,
      ...style(s),
      ...(tooltip ? { tooltip: msg(tooltip) } : {}),
    } as BlockJson,
    logo: (() => `${logo}\n`) as LogoBlockGenerator,
  };
}

/** A statement block with one value input, written as `logo <value>`. */
export function command(
  type: string,
  key: string,
  s: BlockStyle,
  logo: string,
  input: string,
  tooltip?: string,
) {
  return {
    definition: {
      type,
      message0: msg(key),
      args0: [valueArg(input)],
      ...STATEMENT,
      ...style(s),
      ...(tooltip ? { tooltip: msg(tooltip) } : {}),
    } as BlockJson,
    logo: ((block, g) => `${logo} ${g.value(block, input, Order.NONE)}\n`) as LogoBlockGenerator,
  };
}

/** A number block that takes nothing and reads one Logo word. */
export function reporter(type: string, key: string, s: BlockStyle, logo: string, tooltip?: string) {
  return {
    definition: {
      type,
      message0: msg(key),
      ...NUMBER,
      ...style(s),
      ...(tooltip ? { tooltip: msg(tooltip) } : {}),
    } as BlockJson,
    logo: (() => [logo, Order.ATOMIC]) as LogoBlockGenerator,
  };
}

/** Gathers definitions and generators made by helpers like word(). */
export function collect(items: { definition: BlockJson; logo: LogoBlockGenerator }[]): BlockSet {
  return {
    definitions: items.map((i) => i.definition),
    logo: Object.fromEntries(items.map((i) => [i.definition.type, i.logo])),
  };
}
