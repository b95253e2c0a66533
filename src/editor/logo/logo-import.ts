// Logo text → blocks, so edited Logo text can go back to the block workspace. core-rs parses
// the text exactly as its compiler does (`parseLogo`, core-rs/src/logo/syntax.rs); this
// module only maps that tree to blocks. Programs the blocks cannot express (an unknown
// word, statements after `stop`, a reporter procedure used as a command…) give a
// line-numbered reason instead; the editor then stays in text mode.
//
// The editor parses in the core worker (`logoToBlocks` with the CoreBridge); code that owns
// a WasmCore in its own thread passes it to `logoToWorkspaceXml`, or installs it once
// (`logo-parser.ts`).
import type { LogoRange } from '../../program/index.ts';
import type {
  LogoExpr,
  LogoParseError,
  LogoParseResult,
  LogoProcedure,
  LogoStatement,
} from '../../core/logo-tree.ts';
import { BLOCKLY_NS, blockXml, type BlockSpec } from '../workspace/block-xml.ts';
import { START_BLOCK } from './generator.ts';
import { installedLogoParser, type AsyncLogoParser } from './logo-parser.ts';
import { quotedWords } from './format.ts';
import { CLOUD_NAME } from './keywords.ts';

export type ImportProblem =
  | 'syntax' // not Logo the compiler reads
  | 'unknown' // a word that is no command, variable or procedure
  | 'notAsBlocks'; // valid Logo the blocks cannot express

export class LogoImportError extends Error {
  constructor(
    readonly problem: ImportProblem,
    readonly line: number,
    readonly word: string,
    /** The words to mark in the text (the parse's mistake), when it could tell. */
    readonly range?: LogoRange,
  ) {
    super(`${problem} at line ${line}: ${word}`);
    this.name = 'LogoImportError';
  }
}

/** The Logo version the importer reads: the newest, which has every command blocks have. */
const IMPORT_LOGO_VERSION = '2.1';

/** The workspace XML for a Logo program. Throws LogoImportError. */
export function logoToWorkspaceXml(source: string, parse = installedLogoParser()): string {
  if (!parse) throw new Error('logoToWorkspaceXml: no Logo parser in this thread');
  return treeToWorkspaceXml(parse(source, IMPORT_LOGO_VERSION));
}

/** `logoToWorkspaceXml` with the parse in another thread. Rejects with LogoImportError. */
export async function logoToBlocks(source: string, parse: AsyncLogoParser): Promise<string> {
  return treeToWorkspaceXml(await parse(source, IMPORT_LOGO_VERSION));
}

/** The workspace XML for a parsed program. Throws LogoImportError. */
function treeToWorkspaceXml(parsed: LogoParseResult): string {
  if (!parsed.ok) throw importError(parsed.error);
  const procedures = parsed.value.procedures;
  const mapper = new BlockMapper(procedures);
  const tops = procedures.map((procedure, index) => mapper.top(procedure, index === 0));
  const blocks = tops.map((top, i) => blockXml(top, { x: 40, y: 40 + i * 400 })).join('');
  return `<xml xmlns="${BLOCKLY_NS}">${blocks}</xml>`;
}

/** The reason a program the compiler rejects cannot become blocks, in the importer's terms. */
function importError(e: LogoParseError): LogoImportError {
  const line = e.line ?? 0;
  const word = e.word ?? '';
  // The parse read past the mistake (a command short of inputs, a list without its `]`) and
  // stopped further on: name the mistake, not the next line's word.
  const m = e.mistake;
  const range = m && {
    line: m.line,
    column: m.column,
    endLine: m.endLine,
    endColumn: m.endColumn,
  };
  if (e.code === 'syntax' && m && (m.line !== line || m.text !== word)) {
    return new LogoImportError('syntax', m.line, quotedWords(m.text), range);
  }
  switch (e.token) {
    // The text ended inside a procedure: its `to` never found its `end`.
    case 'end':
      return new LogoImportError('syntax', e.procedureLine || line || 1, 'to');
    case 'param':
      return new LogoImportError('syntax', line, word.replace(/^:/, ''));
    default:
  }
  if (e.code === 'unknown-name') return new LogoImportError('unknown', line, word, range);
  if (e.code === 'number-range' || e.code === 'invalid-input' || e.code === 'unsupported') {
    return new LogoImportError('notAsBlocks', line, word);
  }
  if (e.code === 'syntax' && (e.token === 'name' || e.token === 'word')) {
    return new LogoImportError('unknown', line, word, range);
  }
  return new LogoImportError('syntax', line || 1, word, range);
}

/** Whether a procedure outputs a value (an `output` anywhere in its body). */
function returns(body: LogoStatement[]): boolean {
  return body.some(
    (s) => s.kind === 'command' && (s.word === 'output' || s.lists.some((l) => returns(l))),
  );
}

const block = (
  type: string,
  fields?: BlockSpec['fields'],
  inputs?: BlockSpec['inputs'],
): BlockSpec => ({ type, ...(fields ? { fields } : {}), ...(inputs ? { inputs } : {}) });
const num = (n: number): BlockSpec => block('gogo_number', { NUM: n });

function withBody(name: string, statements: BlockSpec[]): Record<string, BlockSpec[]> {
  return statements.length > 0 ? { [name]: statements } : {};
}

const ARITHMETIC: Partial<Record<string, string>> = {
  '+': 'ADD',
  '-': 'SUBTRACT',
  '*': 'MULTIPLY',
  '/': 'DIVIDE',
  '%': 'MODULO',
};
const COMPARE: Partial<Record<string, string>> = {
  '<': 'LT',
  '>': 'GT',
  '=': 'EQ',
  '<=': 'LTE',
  '>=': 'GTE',
};

/** Reporters without inputs. */
const WORD_REPORTERS: Partial<Record<string, BlockSpec>> = {
  timer: block('gogo_timer'),
  tickcount: block('gogo_tickcount'),
  getpos: block('gogo_getpos'),
  recall: block('gogo_recall'),
  ir: block('gogo_ir'),
  'newir?': block('gogo_newir'),
  serial: block('gogo_serial'),
  'newserial?': block('gogo_newserial'),
  cameraison: block('gogo_pi_camera_on'),
  isfindingface: block('gogo_pi_finding_face'),
  'facefound?': block('gogo_pi_face_found'),
  'screentapped?': block('gogo_pi_screen_tapped'),
  readrfid: block('gogo_pi_read_rfid'),
  'rfidtagfound?': block('gogo_pi_rfid_tag_found'),
  'rfidreaderfound?': block('gogo_pi_rfid_reader_found'),
};
for (const item of ['seconds', 'minutes', 'hours', 'dow', 'day', 'month', 'year']) {
  WORD_REPORTERS[item] = block('gogo_rtc_get', { ITEM: item });
}

/** Commands without inputs: the block and its fields (`cw` and `ccw` parse as their
 * synonyms `thisway` and `thatway`). */
const WORD_COMMANDS: Partial<Record<string, BlockSpec>> = {
  beep: block('gogo_beep'),
  on: block('gogo_motor_on'),
  off: block('gogo_motor_off'),
  thisway: block('gogo_motor_direction', { DIR: 'thisway' }),
  thatway: block('gogo_motor_direction', { DIR: 'thatway' }),
  rd: block('gogo_motor_direction', { DIR: 'rd' }),
  ledon: block('gogo_led', { STATE: 'ledon' }),
  ledoff: block('gogo_led', { STATE: 'ledoff' }),
  resett: block('gogo_resett'),
  cleartick: block('gogo_cleartick'),
  rtc_init: block('gogo_rtc_init'),
  cls: block('gogo_cls'),
  resetdp: block('gogo_resetdp'),
  clearkeys: block('gogo_clearkeys'),
  play: block('gogo_voice', { ACTION: 'play' }),
  nexttrack: block('gogo_voice', { ACTION: 'nexttrack' }),
  prevtrack: block('gogo_voice', { ACTION: 'prevtrack' }),
  erasetracks: block('gogo_voice', { ACTION: 'erasetracks' }),
  usecamera: block('gogo_pi_camera', { ACTION: 'usecamera' }),
  closecamera: block('gogo_pi_camera', { ACTION: 'closecamera' }),
  startfindface: block('gogo_pi_find_face', { ACTION: 'startfindface' }),
  stopfindface: block('gogo_pi_find_face', { ACTION: 'stopfindface' }),
  takesnapshot: block('gogo_pi_snapshot'),
  stopsound: block('gogo_pi_stop_sound'),
  usesms: block('gogo_pi_use_sms'),
  userfid: block('gogo_pi_rfid', { ACTION: 'userfid' }),
  closerfid: block('gogo_pi_rfid', { ACTION: 'closerfid' }),
  rfidbeep: block('gogo_pi_rfid_beep'),
  stop: block('gogo_stop'),
  stopall: block('gogo_stopall'),
};
for (const name of ['talk_to_7seg_1', 'talk_to_7seg_2', 'talk_to_lcd_1', 'talk_to_lcd_2']) {
  WORD_COMMANDS[name] = block('gogo_display_select', { DISPLAY: name });
}

/** Commands with one expression input: block type and input name. */
const ONE_ARG_COMMANDS: Partial<Record<string, [string, string]>> = {
  wait: ['gogo_wait', 'TIME'],
  onfor: ['gogo_motor_onfor', 'TIME'],
  setpower: ['gogo_setpower', 'POWER'],
  seth: ['gogo_servo_heading', 'HEADING'],
  setpos: ['gogo_setpos', 'POS'],
  settickrate: ['gogo_settickrate', 'RATE'],
  setdp: ['gogo_setdp', 'POS'],
  erase: ['gogo_erase', 'COUNT'],
  gototrack: ['gogo_voice_track', 'TRACK'],
  writerfid: ['gogo_pi_write_rfid', 'VALUE'],
  output: ['gogo_output', 'VALUE'],
};

/** Commands whose inputs are all texts: block type and field names. */
const TEXT_COMMANDS: Partial<Record<string, [string, string[]]>> = {
  playsound: ['gogo_pi_play_sound', ['FILE']],
  showimage: ['gogo_pi_show_image', ['FILE']],
  newrecordfile: ['gogo_pi_new_record_file', ['FILE']],
  say: ['gogo_pi_say', ['TEXT']],
  sendmail: ['gogo_pi_send_mail', ['TO', 'SUBJECT', 'BODY']],
  sendsms: ['gogo_pi_send_sms', ['NUMBER', 'TEXT']],
};

/** Commands that end a sequence: nothing may follow them in a block stack. */
const TERMINAL = new Set(['gogo_stop', 'gogo_output', 'gogo_forever', 'gogo_stopall']);

const wordOf = (s: LogoStatement) => (s.kind === 'call' ? s.name : s.word);

class BlockMapper {
  /** Whether each procedure outputs a value, by name. */
  private readonly outputs: Map<string, boolean>;
  /** Each procedure's inputs, by name. */
  private readonly params: Map<string, string[]>;

  constructor(procedures: LogoProcedure[]) {
    this.outputs = new Map(procedures.map((p) => [p.name, returns(p.body)]));
    this.params = new Map(procedures.map((p) => [p.name, p.params]));
  }

  top(procedure: LogoProcedure, first: boolean): BlockSpec {
    const body = this.statements(procedure.body);
    // A lone `stop` is how an empty procedure is written.
    const steps = body.length === 1 && body[0]?.type === 'gogo_stop' ? [] : body;
    if (first) {
      if (procedure.params.length > 0) {
        throw new LogoImportError('notAsBlocks', procedure.line, procedure.name);
      }
      const autorun = procedure.name.toLowerCase() === 'autorun';
      return {
        type: START_BLOCK,
        fields: { AUTORUN: autorun ? 'TRUE' : 'FALSE' },
        inputs: withBody('DO', steps),
      };
    }
    const args = procedure.params.map((p) => `<arg name="${p}"></arg>`).join('');
    return {
      type: this.outputs.get(procedure.name) ? 'procedures_defreturn' : 'procedures_defnoreturn',
      mutation: `<mutation>${args}</mutation>`,
      fields: { NAME: procedure.name },
      inputs: withBody('STACK', steps),
    };
  }

  private statements(list: LogoStatement[]): BlockSpec[] {
    const out: BlockSpec[] = [];
    for (const s of list) {
      const last = out.at(-1);
      if (last && TERMINAL.has(last.type)) {
        throw new LogoImportError('notAsBlocks', s.line, wordOf(s));
      }
      out.push(this.statement(s));
    }
    return out;
  }

  private statement(s: LogoStatement): BlockSpec {
    const { line } = s;
    if (s.kind === 'call') {
      if (this.outputs.get(s.name)) throw new LogoImportError('notAsBlocks', line, s.name);
      return this.call(s.name, s.args, false);
    }
    const { word, args, lists } = s;
    const notAsBlocks = () => new LogoImportError('notAsBlocks', line, word);
    const arg = (i: number) => {
      const a = args[i];
      if (!a) throw notAsBlocks();
      return this.expression(a, line);
    };
    const text = (i: number) => {
      const a = args[i];
      if (a?.kind !== 'text') throw notAsBlocks();
      return a.value;
    };
    const list = (i: number) => this.statements(lists[i] ?? []);
    const command = WORD_COMMANDS[word];
    if (command) return structuredClone(command);
    const oneArg = ONE_ARG_COMMANDS[word];
    if (oneArg) return block(oneArg[0], undefined, { [oneArg[1]]: arg(0) });
    const texts = TEXT_COMMANDS[word];
    if (texts) {
      const [type, names] = texts;
      return block(type, Object.fromEntries(names.map((n, i) => [n, text(i)])));
    }
    const ports = /^([abcd]+),$/.exec(word);
    if (ports) return block('gogo_talkto', { PORTS: ports[1] ?? 'a' });
    switch (word) {
      case 'set':
        return block('variables_set', { VAR: s.name ?? '' }, { VALUE: arg(0) });
      case 'forever':
        return block('gogo_forever', undefined, withBody('DO', list(0)));
      case 'repeat':
        return block('gogo_repeat', undefined, { TIMES: arg(0), ...withBody('DO', list(0)) });
      case 'if':
      case 'ifstatechange': {
        const type = word === 'if' ? 'gogo_if' : 'gogo_ifstatechange';
        return block(type, undefined, { COND: arg(0), ...withBody('DO', list(0)) });
      }
      case 'ifelse':
        return block('gogo_ifelse', undefined, {
          COND: arg(0),
          ...withBody('DO', list(0)),
          ...withBody('ELSE', list(1)),
        });
      case 'waituntil':
        return block('gogo_waituntil', undefined, { COND: arg(0) });
      case 'lt':
      case 'rt':
        return block('gogo_servo_turn', { DIR: word }, { STEP: arg(0) });
      case 'show':
        if (args[0]?.kind === 'text') return block('gogo_show_text', { TEXT: text(0) });
        return block('gogo_show', undefined, { VALUE: arg(0) });
      case 'record':
        if (args.length > 1) return block('gogo_pi_record', { FILE: text(1) }, { VALUE: arg(0) });
        return block('gogo_record', undefined, { VALUE: arg(0) });
      case 'showlogplot':
        return block('gogo_pi_show_log_plot', { FILE: text(1) }, { COUNT: arg(0) });
      case 'i2cwrite':
        return block('gogo_i2c_write', undefined, {
          ADDRESS: arg(0),
          REGISTER: arg(1),
          VALUE: arg(2),
        });
      case 'sendmessage':
        if (args[1]?.kind === 'text') {
          return block('gogo_sendmessage_text', { TOPIC: text(0), TEXT: text(1) });
        }
        return block('gogo_sendmessage', { TOPIC: text(0) }, { VALUE: arg(1) });
      case 'talkto':
        return block('gogo_talkto_node', undefined, { NODE: arg(0) });
      case 'cloud record':
      case 'public cloud record': {
        const name = text(0);
        // The Logo input filter refuses other names (spec core §5); the block would too.
        if (!CLOUD_NAME.test(name)) throw new LogoImportError('notAsBlocks', line, `"${name}`);
        const type = word === 'cloud record' ? 'gogo_cloud_record' : 'gogo_public_cloud_record';
        return block(type, { NAME: name }, { VALUE: arg(1) });
      }
      default:
        throw notAsBlocks();
    }
  }

  private call(name: string, args: LogoExpr[], reporter: boolean): BlockSpec {
    const params = this.params.get(name) ?? [];
    const mutation = `<mutation name="${name}">${params
      .map((p) => `<arg name="${p}"></arg>`)
      .join('')}</mutation>`;
    return {
      type: reporter ? 'procedures_callreturn' : 'procedures_callnoreturn',
      mutation,
      inputs: Object.fromEntries(args.map((a, i) => [`ARG${i}`, this.expression(a, 0)])),
    };
  }

  private expression(e: LogoExpr, line: number): BlockSpec {
    switch (e.kind) {
      case 'number':
      case 'node':
        return num(e.value);
      case 'param':
      case 'global':
        return block('variables_get', { VAR: e.name });
      case 'text':
        throw new LogoImportError('notAsBlocks', line, `"${e.value}"`);
      case 'call':
        if (!this.outputs.get(e.name)) throw new LogoImportError('notAsBlocks', e.line, e.name);
        return this.call(e.name, e.args, true);
      case 'binary': {
        const a = this.expression(e.a, line);
        const b = this.expression(e.b, line);
        if (e.op === 'and' || e.op === 'or' || e.op === 'xor') {
          return block('gogo_logic', { OP: e.op }, { A: a, B: b });
        }
        const compare = COMPARE[e.op];
        if (compare) return block('gogo_compare', { OP: compare }, { A: a, B: b });
        return block('gogo_arithmetic', { OP: ARITHMETIC[e.op] ?? 'ADD' }, { A: a, B: b });
      }
      case 'reporter':
        return this.reporter(e.word, e.args, line);
    }
  }

  private reporter(word: string, args: LogoExpr[], line: number): BlockSpec {
    const arg = (i: number) => {
      const a = args[i];
      if (!a) throw new LogoImportError('notAsBlocks', line, word);
      return this.expression(a, line);
    };
    const text = (i: number) => {
      const a = args[i];
      if (a?.kind !== 'text') throw new LogoImportError('notAsBlocks', line, word);
      return a.value;
    };
    const plain = WORD_REPORTERS[word];
    if (plain) return structuredClone(plain);
    switch (word) {
      case 'not':
        return block('gogo_not', undefined, { A: arg(0) });
      case 'random':
        return block('gogo_random', undefined, { MAX: arg(0) });
      case 'readsensor':
        return block('gogo_readsensor', undefined, { PORT: arg(0) });
      case 'readswitch':
        return block('gogo_readswitch', undefined, { PORT: arg(0) });
      case 'lowbyte':
      case 'highbyte':
        return block('gogo_byte', { PART: word }, { VALUE: arg(0) });
      case 'i2cread':
        return block('gogo_i2c_read', undefined, { ADDRESS: arg(0), REGISTER: arg(1) });
      case 'key':
        return block('gogo_key_equals', { KEY: text(0), VALUE: text(1) });
      case 'intkey':
        return block('gogo_intkey', { KEY: text(0) });
      default:
    }
    let m: RegExpExecArray | null;
    if ((m = /^(sensor|switch)([1-8])$/.exec(word))) {
      return block(m[1] === 'sensor' ? 'gogo_sensor' : 'gogo_switch', { PORT: m[2] ?? '1' });
    }
    if ((m = /^([abcd])(on|off|thisway|thatway)\?$/.exec(word))) {
      return block('gogo_motor_state', { PORT: m[1] ?? 'a', STATE: `${m[2] ?? 'on'}?` });
    }
    if ((m = /^([abcd])power$/.exec(word))) return block('gogo_motor_power', { PORT: m[1] ?? 'a' });
    throw new LogoImportError('notAsBlocks', line, word);
  }
}
