// Block and category colours. One colour per category; Blockly's own variable and procedure
// blocks use the `variable_blocks` and `procedure_blocks` styles.
import * as Blockly from 'blockly/core';
import type { BlockStyle } from './shared.ts';

/** Hue (HSV, Blockly's default saturation and value) per category. */
const CATEGORY_HUES: Record<BlockStyle, number> = {
  start: 45,
  control: 35,
  time: 170,
  motors: 210,
  servo: 230,
  sensors: 190,
  operators: 120,
  variables: 330,
  procedures: 290,
  display: 260,
  sound: 15,
  lights: 60,
  data: 0,
  messages: 310,
  raspberry: 345,
  i2c: 90,
};

/**
 * Block text fonts (Blockly measures with them, so they name real families, no CSS
 * variables): Latin first and Thai from the shipped Noto Sans Thai; in Thai, Noto Sans Thai
 * for everything.
 */
const FONT_FAMILIES = {
  default: 'system-ui, "Noto Sans Thai", sans-serif',
  th: '"Noto Sans Thai", system-ui, sans-serif',
} as const;

const themes = new Map<keyof typeof FONT_FAMILIES, Blockly.Theme>();

/** The GoGo theme for an interface locale. */
export function gogoTheme(locale: string): Blockly.Theme {
  const fonts = locale === 'th' ? 'th' : 'default';
  const known = themes.get(fonts);
  if (known) return known;
  const blockStyles: Record<string, Partial<Blockly.Theme.BlockStyle>> = {};
  const categoryStyles: Record<string, Blockly.Theme.CategoryStyle> = {};
  for (const [name, hue] of Object.entries(CATEGORY_HUES)) {
    const colour = Blockly.utils.colour.hueToHex(hue);
    blockStyles[`gogo_${name}`] = {
      colourPrimary: colour,
      ...(name === 'start' ? { hat: 'cap' } : {}),
    };
    categoryStyles[`gogo_${name}`] = { colour };
  }
  const hex = (hue: number) => Blockly.utils.colour.hueToHex(hue);
  blockStyles.variable_blocks = { colourPrimary: hex(CATEGORY_HUES.variables) };
  blockStyles.procedure_blocks = { colourPrimary: hex(CATEGORY_HUES.procedures) };
  const name = fonts === 'th' ? 'gogo-th' : 'gogo';
  const theme = Blockly.Theme.defineTheme(name, {
    name,
    base: Blockly.Themes.Classic,
    blockStyles: blockStyles as Record<string, Blockly.Theme.BlockStyle>,
    categoryStyles,
    // An opaque flyout: blocks of the workspace showing through it made its block texts
    // look doubled.
    componentStyles: { flyoutOpacity: 1 },
    fontStyle: { family: FONT_FAMILIES[fonts] },
  });
  themes.set(fonts, theme);
  return theme;
}
