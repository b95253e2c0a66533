// The local program file ("Save as a file", "Open from file", "Import from file").
//
// A program file is the Blockly workspace XML with one extra element, <settings>, holding
// the file settings of spec core §3, one child element each, as text:
//
//   <xml xmlns="https://developers.google.com/blockly/xml">
//     <variables>…</variables>
//     <block type="gogo_start" x="40" y="40">…</block>
//     <settings>
//       <logo_code>to main&#10;beep&#10;end&#10;</logo_code>
//       <file_name>Line follower</file_name>
//       <program_mode>blocks</program_mode>      (blocks | logo)
//       <config_tm_type></config_tm_type>
//       <config_tm_url></config_tm_url>
//       <config_tm_threshold></config_tm_threshold>  ('' or a number)
//       <config_tm_channel></config_tm_channel>
//     </settings>
//   </xml>
//
// Files are UTF-8, named "<file_name>.gogo.xml". The parser also takes a plain workspace
// (no <settings>) with default settings. It validates structure only; whether Blockly knows
// every block is checked by loading the XML headless (see file-actions.ts). Parsing uses the
// browser's DOMParser, so this module stays out of the Blockly bundle.
import type { ProgramMode } from '../../state/program.ts';

export const BLOCKLY_XML_NS = 'https://developers.google.com/blockly/xml';
export const PROGRAM_FILE_SUFFIX = '.gogo.xml';
/** What the Open and Import pickers offer. */
export const PROGRAM_FILE_ACCEPT = '.xml,.gogo,text/xml,application/xml';
/** Larger files are refused before parsing (a big program is well under 1 MB). */
export const PROGRAM_FILE_MAX_BYTES = 2 * 1024 * 1024;
const FILE_NAME_MAX = 100;

export interface ProgramFileSettings {
  logo_code: string;
  file_name: string;
  program_mode: ProgramMode;
  config_tm_type: string;
  config_tm_url: string;
  config_tm_threshold: string;
  config_tm_channel: string;
}

export const SETTING_NAMES = [
  'logo_code',
  'file_name',
  'program_mode',
  'config_tm_type',
  'config_tm_url',
  'config_tm_threshold',
  'config_tm_channel',
] as const satisfies readonly (keyof ProgramFileSettings)[];

export const DEFAULT_SETTINGS: ProgramFileSettings = {
  logo_code: '',
  file_name: '',
  program_mode: 'blocks',
  config_tm_type: '',
  config_tm_url: '',
  config_tm_threshold: '',
  config_tm_channel: '',
};

export interface ProgramFile {
  /** The workspace alone (no settings), as Blockly XML text. */
  workspaceXml: string;
  settings: ProgramFileSettings;
}

export type ProgramFileErrorCode = 'empty' | 'tooLarge' | 'notXml' | 'notProgram' | 'badSetting';

export class ProgramFileError extends Error {
  constructor(
    readonly code: ProgramFileErrorCode,
    /** The setting at fault, for 'badSetting'. */
    readonly setting?: string,
  ) {
    super(setting ? `${code}: ${setting}` : code);
    this.name = 'ProgramFileError';
  }
}

/** Workspace children Blockly understands, plus our settings. */
const WORKSPACE_CHILDREN = new Set(['block', 'shadow', 'variables', 'comment']);

export function parseProgramFile(text: string): ProgramFile {
  if (text.trim() === '') throw new ProgramFileError('empty');
  if (new Blob([text]).size > PROGRAM_FILE_MAX_BYTES) throw new ProgramFileError('tooLarge');
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  const root = doc.documentElement;
  if (!root || doc.getElementsByTagName('parsererror').length > 0) {
    throw new ProgramFileError('notXml');
  }
  if (root.localName !== 'xml') throw new ProgramFileError('notProgram');

  let settingsElement: Element | null = null;
  for (const child of Array.from(root.children)) {
    if (child.localName === 'settings' && !settingsElement) settingsElement = child;
    else if (!WORKSPACE_CHILDREN.has(child.localName)) throw new ProgramFileError('notProgram');
  }
  const settings = settingsElement ? readSettings(settingsElement) : { ...DEFAULT_SETTINGS };
  settingsElement?.remove();
  // Drop the layout between top-level elements that saving added.
  for (const node of Array.from(root.childNodes)) {
    if (node.nodeType === node.TEXT_NODE && (node.textContent ?? '').trim() === '') node.remove();
  }
  return { workspaceXml: new XMLSerializer().serializeToString(root), settings };
}

function readSettings(element: Element): ProgramFileSettings {
  const settings = { ...DEFAULT_SETTINGS };
  const seen = new Set<string>();
  for (const child of Array.from(element.children)) {
    const name = child.localName;
    if (!(SETTING_NAMES as readonly string[]).includes(name)) continue; // a newer version's
    if (seen.has(name) || child.children.length > 0) throw new ProgramFileError('badSetting', name);
    seen.add(name);
    const value = child.textContent ?? '';
    switch (name) {
      case 'program_mode':
        if (value !== 'blocks' && value !== 'logo') throw new ProgramFileError('badSetting', name);
        settings.program_mode = value;
        break;
      case 'config_tm_threshold':
        if (value.trim() !== '' && !Number.isFinite(Number(value))) {
          throw new ProgramFileError('badSetting', name);
        }
        settings.config_tm_threshold = value.trim();
        break;
      case 'file_name':
        settings.file_name = value.trim().slice(0, FILE_NAME_MAX);
        break;
      default:
        settings[name as Exclude<keyof ProgramFileSettings, 'program_mode'>] = value;
    }
  }
  return settings;
}

export function serializeProgramFile(file: ProgramFile): string {
  const doc = new DOMParser().parseFromString(file.workspaceXml || '<xml/>', 'text/xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'xml' || doc.getElementsByTagName('parsererror').length > 0) {
    throw new ProgramFileError('notProgram');
  }
  const out = new DOMParser().parseFromString(`<xml xmlns="${BLOCKLY_XML_NS}"/>`, 'text/xml');
  const xml = out.documentElement;
  if (!xml) throw new ProgramFileError('notProgram');
  for (const child of Array.from(root.children)) {
    if (child.localName !== 'settings') xml.append(indent(out, 1), child);
  }
  const settings = out.createElementNS(BLOCKLY_XML_NS, 'settings');
  for (const name of SETTING_NAMES) {
    const element = out.createElementNS(BLOCKLY_XML_NS, name);
    element.textContent = file.settings[name];
    settings.append(indent(out, 2), element);
  }
  settings.append(indent(out, 1));
  xml.append(indent(out, 1), settings, '\n');
  return `${new XMLSerializer().serializeToString(out)}\n`;
}

function indent(doc: Document, depth: number): Text {
  return doc.createTextNode(`\n${'  '.repeat(depth)}`);
}

/** A file name for a program name: unsafe characters replaced, never empty. */
export function programFileName(name: string, fallback: string): string {
  const base =
    [...name.trim()]
      .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '_' : c))
      .join('')
      .replace(/_+/g, '_') || fallback;
  return `${base}${PROGRAM_FILE_SUFFIX}`;
}
