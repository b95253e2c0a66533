// A compact description of blocks and its Blockly XML: used by the Logo importer (and tests)
// to build workspaces.
type FieldValue = string | number | boolean;

export interface BlockSpec {
  type: string;
  fields?: Record<string, FieldValue>;
  /** Value inputs hold one block; statement inputs hold a sequence. */
  inputs?: Record<string, BlockSpec | BlockSpec[]>;
  /** Raw <mutation> XML (procedures). */
  mutation?: string;
}

export const BLOCKLY_NS = 'https://developers.google.com/blockly/xml';

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** XML of a chain of statement blocks (or of one value block). */
export function blockXml(
  items: BlockSpec | BlockSpec[],
  position?: { x: number; y: number },
): string {
  const list = Array.isArray(items) ? items : [items];
  const [first, ...rest] = list;
  if (!first) return '';
  const fields = Object.entries(first.fields ?? {})
    .map(([name, value]) => `<field name="${name}">${escapeXml(String(value))}</field>`)
    .join('');
  const inputs = Object.entries(first.inputs ?? {})
    .map(([name, value]) => {
      const tag = Array.isArray(value) ? 'statement' : 'value';
      return `<${tag} name="${name}">${blockXml(value)}</${tag}>`;
    })
    .join('');
  const next = rest.length > 0 ? `<next>${blockXml(rest)}</next>` : '';
  const at = position ? ` x="${position.x}" y="${position.y}"` : '';
  return `<block type="${first.type}"${at}>${first.mutation ?? ''}${fields}${inputs}${next}</block>`;
}
