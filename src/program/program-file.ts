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
//       <config_tm_hold></config_tm_hold>         ('' or seconds)
//       <config_tm_model></config_tm_model>       (a model trained in the lab: one line of JSON)
//     </settings>
//   </xml>
//
// Files are UTF-8, named "<file_name>.gogo.xml". The parser also takes a plain workspace
// (no <settings>) with default settings. It validates structure only; whether Blockly knows
// every block is checked by loading the XML headless (see file-actions.ts). It reads with
// xml.ts, not the browser's DOMParser, so the server reads a submitted file exactly as the
// page reads it, and this module stays out of the Blockly bundle.
import {
  escapeText,
  normalizedLineEnds,
  ownText,
  readXml,
  XmlError,
  type XmlElement,
} from './xml.ts';

/** How the program is edited: blocks, or Logo text (file setting `program_mode`). */
export type ProgramMode = 'blocks' | 'logo';

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
  config_tm_hold: string;
  config_tm_model: string;
}

const SETTING_NAMES = [
  'logo_code',
  'file_name',
  'program_mode',
  'config_tm_type',
  'config_tm_url',
  'config_tm_threshold',
  'config_tm_channel',
  'config_tm_hold',
  'config_tm_model',
] as const satisfies readonly (keyof ProgramFileSettings)[];

export const DEFAULT_SETTINGS: ProgramFileSettings = {
  logo_code: '',
  file_name: '',
  program_mode: 'blocks',
  config_tm_type: '',
  config_tm_url: '',
  config_tm_threshold: '',
  config_tm_channel: '',
  config_tm_hold: '',
  config_tm_model: '',
};

export interface ProgramFile {
  /** The workspace alone (no settings), as Blockly XML text. */
  workspaceXml: string;
  settings: ProgramFileSettings;
}

type ProgramFileErrorCode = 'empty' | 'tooLarge' | 'notXml' | 'notProgram' | 'badSetting';

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

const utf8 = new TextEncoder();

/** The root of a program file or workspace; throws `notXml` / `notProgram`. */
function readRoot(text: string): XmlElement {
  let root: XmlElement;
  try {
    root = readXml(text);
  } catch (e) {
    if (e instanceof XmlError) throw new ProgramFileError('notXml');
    throw e;
  }
  if (root.localName !== 'xml') throw new ProgramFileError('notProgram');
  return root;
}

/**
 * The root's start tag and the workspace children as they were written, without the
 * settings and without the layout between them.
 */
function workspaceParts(source: string, root: XmlElement, settings: XmlElement | null) {
  const first = root.children[0];
  const startTag = source.slice(root.start, first ? first.start : root.end).replace(/\/?>$/, '>');
  const children = root.children
    .filter((c) => c !== settings && !(c.kind === 'text' && c.value.trim() === ''))
    .map((c) => source.slice(c.start, c.end));
  return { startTag, children };
}

export function parseProgramFile(text: string): ProgramFile {
  if (text.trim() === '') throw new ProgramFileError('empty');
  if (utf8.encode(text).length > PROGRAM_FILE_MAX_BYTES) throw new ProgramFileError('tooLarge');
  const source = normalizedLineEnds(text);
  const root = readRoot(source);
  let settingsElement: XmlElement | null = null;
  for (const child of root.children) {
    if (child.kind !== 'element') continue;
    if (child.localName === 'settings' && !settingsElement) settingsElement = child;
    else if (!WORKSPACE_CHILDREN.has(child.localName)) throw new ProgramFileError('notProgram');
  }
  const settings = settingsElement ? readSettings(settingsElement) : { ...DEFAULT_SETTINGS };
  const { startTag, children } = workspaceParts(source, root, settingsElement);
  return { workspaceXml: `${startTag}${children.join('')}</${root.name}>`, settings };
}

function readSettings(element: XmlElement): ProgramFileSettings {
  const settings = { ...DEFAULT_SETTINGS };
  const seen = new Set<string>();
  for (const child of element.children) {
    if (child.kind !== 'element') continue;
    const name = child.localName;
    if (!(SETTING_NAMES as readonly string[]).includes(name)) continue; // a newer version's
    if (seen.has(name) || child.children.some((c) => c.kind === 'element')) {
      throw new ProgramFileError('badSetting', name);
    }
    seen.add(name);
    const value = ownText(child);
    switch (name) {
      case 'program_mode':
        if (value !== 'blocks' && value !== 'logo') throw new ProgramFileError('badSetting', name);
        settings.program_mode = value;
        break;
      case 'config_tm_threshold':
      case 'config_tm_hold':
        if (value.trim() !== '' && !Number.isFinite(Number(value))) {
          throw new ProgramFileError('badSetting', name);
        }
        settings[name] = value.trim();
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
  const source = normalizedLineEnds(file.workspaceXml || '<xml/>');
  let root: XmlElement;
  try {
    root = readRoot(source);
  } catch {
    throw new ProgramFileError('notProgram');
  }
  const settings = root.children.find(
    (c): c is XmlElement => c.kind === 'element' && c.localName === 'settings',
  );
  const { children } = workspaceParts(source, root, settings ?? null);
  const lines = [`<xml xmlns="${BLOCKLY_XML_NS}">`, ...children.map((c) => `  ${c}`)];
  lines.push('  <settings>');
  for (const name of SETTING_NAMES) {
    lines.push(`    <${name}>${escapeText(file.settings[name])}</${name}>`);
  }
  lines.push('  </settings>', '</xml>', '');
  return lines.join('\n');
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
