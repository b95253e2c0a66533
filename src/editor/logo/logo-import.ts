// Logo text → blocks. Reads a Logo 1.3 program and builds the blocks that generate it, so
// edited Logo text can go back to the block workspace. Programs the blocks cannot express
// (an unknown word, statements after `stop`, a reporter procedure used as a command…) give
// a line-numbered reason instead; the editor then stays in text mode.
//
// Grammar as the 1.3 compiler reads it (reference logo-and-bytecode §2): `to name :p…` …
// `end`; the first procedure is the program's start; precedence, lowest first: and/or/xor,
// comparisons, prefix not, + -, * / %, one-argument reporters, primaries; a call takes its
// arguments as primaries.
import { BLOCKLY_NS, blockXml, type BlockSpec } from '../workspace/block-xml.ts';
import { START_BLOCK } from './generator.ts';
import { CLOUD_NAME } from './keywords.ts';

export type ImportProblem =
  | 'syntax' // not Logo the 1.3 compiler reads
  | 'unknown' // a word that is no command, variable or procedure
  | 'notAsBlocks'; // valid Logo the blocks cannot express

export class LogoImportError extends Error {
  constructor(
    readonly problem: ImportProblem,
    readonly line: number,
    readonly word: string,
  ) {
    super(`${problem} at line ${line}: ${word}`);
    this.name = 'LogoImportError';
  }
}

// Tokens

type TokenKind = 'word' | 'number' | 'string' | 'quotedWord' | 'param' | 'symbol' | 'talk';

interface Token {
  kind: TokenKind;
  text: string;
  line: number;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const lines = source.split(/\r?\n/);
  lines.forEach((text, index) => {
    const line = index + 1;
    let i = 0;
    const push = (kind: TokenKind, value: string, length: number) => {
      tokens.push({ kind, text: value, line });
      i += length;
    };
    while (i < text.length) {
      const rest = text.slice(i);
      const space = /^\s+/.exec(rest);
      if (space) {
        i += space[0].length;
        continue;
      }
      if (rest.startsWith(';')) break;
      const last2 = tokens.slice(-2).map((t) => t.text);
      let m: RegExpExecArray | null;
      // cloud record "name value: the name is a quoted word without a closing quote.
      if (last2[0] === 'cloud' && last2[1] === 'record' && (m = /^"(\w*)/.exec(rest))) {
        push('quotedWord', m[1] ?? '', m[0].length);
      } else if ((m = /^"([^"]*)"/.exec(rest))) push('string', m[1] ?? '', m[0].length);
      else if ((m = /^"(\S*)/.exec(rest))) push('quotedWord', m[1] ?? '', m[0].length);
      else if ((m = /^\d+/.exec(rest))) push('number', m[0], m[0].length);
      else if ((m = /^[abcd]+,/.exec(rest))) push('talk', m[0].slice(0, -1), m[0].length);
      else if ((m = /^:([A-Za-z_]\w*)/.exec(rest))) push('param', m[1] ?? '', m[0].length);
      else if ((m = /^[A-Za-z_]\w*\??/.exec(rest))) push('word', m[0], m[0].length);
      else if ((m = /^(?:<=|>=|[<>=+\-*/%()[\]])/.exec(rest))) push('symbol', m[0], m[0].length);
      else throw new LogoImportError('syntax', line, rest.slice(0, 1));
    }
  });
  return tokens;
}

// Expressions

type Expr = BlockSpec;

const num = (n: number): BlockSpec => ({ type: 'gogo_number', fields: { NUM: n } });
const block = (
  type: string,
  fields?: BlockSpec['fields'],
  inputs?: BlockSpec['inputs'],
): BlockSpec => ({ type, ...(fields ? { fields } : {}), ...(inputs ? { inputs } : {}) });

const ARITHMETIC: Record<string, string> = {
  '+': 'ADD',
  '-': 'SUBTRACT',
  '*': 'MULTIPLY',
  '/': 'DIVIDE',
  '%': 'MODULO',
};
const COMPARE: Record<string, string> = {
  '<': 'LT',
  '>': 'GT',
  '=': 'EQ',
  '<=': 'LTE',
  '>=': 'GTE',
};

/** Reporters that are one word. */
const WORD_REPORTERS: Record<string, BlockSpec> = {
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

/** Commands that are one word: the block and its fields. */
const WORD_COMMANDS: Record<string, BlockSpec> = {
  beep: block('gogo_beep'),
  on: block('gogo_motor_on'),
  off: block('gogo_motor_off'),
  thisway: block('gogo_motor_direction', { DIR: 'thisway' }),
  cw: block('gogo_motor_direction', { DIR: 'thisway' }),
  thatway: block('gogo_motor_direction', { DIR: 'thatway' }),
  ccw: block('gogo_motor_direction', { DIR: 'thatway' }),
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
};
for (const name of ['talk_to_7seg_1', 'talk_to_7seg_2', 'talk_to_lcd_1', 'talk_to_lcd_2']) {
  WORD_COMMANDS[name] = block('gogo_display_select', { DISPLAY: name });
}

/** Commands with one expression argument: block type and input name. */
const ONE_ARG_COMMANDS: Record<string, [string, string]> = {
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

/** Commands whose arguments are strings: block type and field names. */
const STRING_COMMANDS: Record<string, [string, string[]]> = {
  playsound: ['gogo_pi_play_sound', ['FILE']],
  showimage: ['gogo_pi_show_image', ['FILE']],
  newrecordfile: ['gogo_pi_new_record_file', ['FILE']],
  say: ['gogo_pi_say', ['TEXT']],
  sendmail: ['gogo_pi_send_mail', ['TO', 'SUBJECT', 'BODY']],
  sendsms: ['gogo_pi_send_sms', ['NUMBER', 'TEXT']],
};

/** Commands that end a sequence: nothing may follow them in a block stack. */
const TERMINAL = new Set(['gogo_stop', 'gogo_output', 'gogo_forever', 'gogo_stopall']);

interface Procedure {
  name: string;
  params: string[];
  line: number;
  /** Token index of the first body token and of `end`. */
  body: [number, number];
  returns: boolean;
}

class Parser {
  private pos = 0;
  private params: string[] = [];

  constructor(
    private readonly tokens: Token[],
    private readonly procedures: Map<string, Procedure>,
    private readonly globals: Set<string>,
  ) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.pos + offset];
  }

  private lastLine(): number {
    return this.tokens[Math.min(this.pos, this.tokens.length - 1)]?.line ?? 1;
  }

  private next(): Token {
    const token = this.tokens[this.pos];
    if (!token) throw new LogoImportError('syntax', this.lastLine(), 'end of text');
    this.pos += 1;
    return token;
  }

  private expect(kind: TokenKind, text?: string): Token {
    const token = this.next();
    if (token.kind !== kind || (text !== undefined && token.text !== text)) {
      throw new LogoImportError('syntax', token.line, token.text);
    }
    return token;
  }

  private isSymbol(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token?.kind === 'symbol' && token.text === text;
  }

  private isWord(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token?.kind === 'word' && token.text === text;
  }

  /** The statements of a procedure body: from `start` up to the token `end`. */
  body(procedure: Procedure): BlockSpec[] {
    this.pos = procedure.body[0];
    this.params = procedure.params;
    return this.statements(procedure.body[1]);
  }

  private statements(stop: number | ']'): BlockSpec[] {
    const list: BlockSpec[] = [];
    const done = () => (stop === ']' ? this.isSymbol(']') : this.pos >= stop);
    while (!done()) {
      const line = this.peek()?.line ?? this.lastLine();
      const last = list.at(-1);
      const statement = this.statement();
      if (last && TERMINAL.has(last.type)) {
        throw new LogoImportError('notAsBlocks', line, this.tokens[this.pos - 1]?.text ?? '');
      }
      list.push(statement);
    }
    return list;
  }

  private list(): BlockSpec[] {
    this.expect('symbol', '[');
    const statements = this.statements(']');
    this.expect('symbol', ']');
    return statements;
  }

  private statement(): BlockSpec {
    const token = this.next();
    const { text, line } = token;
    if (token.kind === 'talk') {
      const ports = [...new Set(text)].sort().join('');
      return block('gogo_talkto', { PORTS: ports });
    }
    if (token.kind !== 'word') throw new LogoImportError('syntax', line, text);
    const command = WORD_COMMANDS[text];
    if (command) return structuredClone(command);
    const oneArg = ONE_ARG_COMMANDS[text];
    if (oneArg) return block(oneArg[0], undefined, { [oneArg[1]]: this.expression() });
    const strings = STRING_COMMANDS[text];
    if (strings) {
      const [type, names] = strings;
      return block(type, Object.fromEntries(names.map((n) => [n, this.expect('string').text])));
    }
    switch (text) {
      case 'set': {
        const name = this.expect('word').text;
        return block('variables_set', { VAR: name }, { VALUE: this.expression() });
      }
      case 'forever':
        return block('gogo_forever', undefined, withBody('DO', this.list()));
      case 'repeat': {
        const times = this.expression();
        return block('gogo_repeat', undefined, { TIMES: times, ...withBody('DO', this.list()) });
      }
      case 'if':
      case 'ifstatechange': {
        const cond = this.expression();
        const type = text === 'if' ? 'gogo_if' : 'gogo_ifstatechange';
        return block(type, undefined, { COND: cond, ...withBody('DO', this.list()) });
      }
      case 'ifelse': {
        const cond = this.expression();
        const then = this.list();
        const otherwise = this.list();
        return block('gogo_ifelse', undefined, {
          COND: cond,
          ...withBody('DO', then),
          ...withBody('ELSE', otherwise),
        });
      }
      case 'waituntil': {
        this.expect('symbol', '[');
        const cond = this.expression();
        this.expect('symbol', ']');
        return block('gogo_waituntil', undefined, { COND: cond });
      }
      case 'stop':
        return block('gogo_stop');
      case 'stopall':
        return block('gogo_stopall');
      case 'lt':
      case 'rt':
        return block('gogo_servo_turn', { DIR: text }, { STEP: this.expression() });
      case 'show':
        if (this.peek()?.kind === 'string') {
          return block('gogo_show_text', { TEXT: this.next().text });
        }
        return block('gogo_show', undefined, { VALUE: this.expression() });
      case 'record': {
        const value = this.expression();
        if (this.peek()?.kind === 'string') {
          return block('gogo_pi_record', { FILE: this.next().text }, { VALUE: value });
        }
        return block('gogo_record', undefined, { VALUE: value });
      }
      case 'showlogplot': {
        const count = this.peek()?.kind === 'string' ? num(0) : this.expression();
        return block(
          'gogo_pi_show_log_plot',
          { FILE: this.expect('string').text },
          { COUNT: count },
        );
      }
      case 'i2cwrite': {
        const [address, register, value] = [this.unary(), this.unary(), this.unary()];
        return block('gogo_i2c_write', undefined, {
          ADDRESS: address,
          REGISTER: register,
          VALUE: value,
        });
      }
      case 'sendmessage': {
        const topic = this.expect('string').text;
        if (this.peek()?.kind === 'string') {
          return block('gogo_sendmessage_text', { TOPIC: topic, TEXT: this.next().text });
        }
        return block('gogo_sendmessage', { TOPIC: topic }, { VALUE: this.expression() });
      }
      case 'talkto': {
        const node = this.peek();
        if (node?.kind === 'word' && /^n\d+$/.test(node.text)) {
          this.next();
          return block('gogo_talkto_node', undefined, { NODE: num(Number(node.text.slice(1))) });
        }
        return block('gogo_talkto_node', undefined, { NODE: this.expression() });
      }
      case 'cloud':
      case 'public': {
        if (text === 'public') this.expect('word', 'cloud');
        this.expect('word', 'record');
        const nameToken = this.expect('quotedWord');
        const name = nameToken.text;
        // The Logo input filter refuses other names (spec core §5); the block would too.
        if (!CLOUD_NAME.test(name))
          throw new LogoImportError('notAsBlocks', nameToken.line, `"${name}`);
        const type = text === 'public' ? 'gogo_public_cloud_record' : 'gogo_cloud_record';
        return block(type, { NAME: name }, { VALUE: this.unary() });
      }
    }
    const callee = this.procedures.get(text);
    if (callee) {
      if (callee.returns) throw new LogoImportError('notAsBlocks', line, text);
      return this.call(callee, false);
    }
    throw new LogoImportError('unknown', line, text);
  }

  private call(callee: Procedure, reporter: boolean): BlockSpec {
    const args = callee.params.map(() => this.unary());
    const mutation = `<mutation name="${callee.name}">${callee.params
      .map((p) => `<arg name="${p}"></arg>`)
      .join('')}</mutation>`;
    return {
      type: reporter ? 'procedures_callreturn' : 'procedures_callnoreturn',
      mutation,
      inputs: Object.fromEntries(args.map((a, i) => [`ARG${i}`, a])),
    };
  }

  /** Lowest level: and, or, xor (left to right). */
  expression(): Expr {
    let left = this.comparison();
    for (;;) {
      const op = this.peek();
      if (op?.kind !== 'word' || !['and', 'or', 'xor'].includes(op.text)) return left;
      this.next();
      left = block('gogo_logic', { OP: op.text }, { A: left, B: this.comparison() });
    }
  }

  private comparison(): Expr {
    let left = this.negation();
    for (;;) {
      const op = this.peek();
      const code = op?.kind === 'symbol' ? COMPARE[op.text] : undefined;
      if (!code) return left;
      this.next();
      left = block('gogo_compare', { OP: code }, { A: left, B: this.negation() });
    }
  }

  private negation(): Expr {
    if (this.isWord('not')) {
      this.next();
      return block('gogo_not', undefined, { A: this.negation() });
    }
    return this.additive();
  }

  private additive(): Expr {
    let left = this.multiplicative();
    while (this.isSymbol('+') || this.isSymbol('-')) {
      const op = ARITHMETIC[this.next().text] ?? 'ADD';
      left = block('gogo_arithmetic', { OP: op }, { A: left, B: this.multiplicative() });
    }
    return left;
  }

  private multiplicative(): Expr {
    let left = this.unary();
    while (this.isSymbol('*') || this.isSymbol('/') || this.isSymbol('%')) {
      const op = ARITHMETIC[this.next().text] ?? 'MULTIPLY';
      left = block('gogo_arithmetic', { OP: op }, { A: left, B: this.unary() });
    }
    return left;
  }

  /** One-argument reporters bind tighter than operators: `random 6 + 1` is (random 6) + 1. */
  private unary(): Expr {
    const token = this.peek();
    if (token?.kind === 'word') {
      switch (token.text) {
        case 'random':
          this.next();
          return block('gogo_random', undefined, { MAX: this.unary() });
        case 'readsensor':
        case 'readswitch':
          this.next();
          return block(
            token.text === 'readsensor' ? 'gogo_readsensor' : 'gogo_readswitch',
            undefined,
            {
              PORT: this.unary(),
            },
          );
        case 'lowbyte':
        case 'highbyte':
          this.next();
          return block('gogo_byte', { PART: token.text }, { VALUE: this.unary() });
        case 'i2cread': {
          this.next();
          const address = this.unary();
          return block('gogo_i2c_read', undefined, { ADDRESS: address, REGISTER: this.unary() });
        }
      }
    }
    return this.primary();
  }

  private primary(): Expr {
    const token = this.next();
    const { kind, text, line } = token;
    if (kind === 'number') {
      const n = Number(text);
      if (n > 65535) throw new LogoImportError('notAsBlocks', line, text);
      return num(n);
    }
    if (kind === 'symbol' && text === '(') {
      const inner = this.expression();
      this.expect('symbol', ')');
      return inner;
    }
    if (kind !== 'word') throw new LogoImportError('syntax', line, text);
    const reporter = WORD_REPORTERS[text];
    if (reporter) return structuredClone(reporter);
    let m: RegExpExecArray | null;
    if ((m = /^(sensor|switch)([1-8])$/.exec(text))) {
      return block(m[1] === 'sensor' ? 'gogo_sensor' : 'gogo_switch', { PORT: m[2] ?? '1' });
    }
    if ((m = /^([abcd])(on|off|thisway|thatway|cw|ccw)\?$/.exec(text))) {
      const state = { cw: 'thisway', ccw: 'thatway' }[m[2] ?? ''] ?? m[2];
      return block('gogo_motor_state', { PORT: m[1] ?? 'a', STATE: `${state}?` });
    }
    if ((m = /^([abcd])power$/.exec(text))) return block('gogo_motor_power', { PORT: m[1] ?? 'a' });
    if (text === 'key') {
      const key = this.expect('string').text;
      this.expect('symbol', '=');
      return block('gogo_key_equals', { KEY: key, VALUE: this.expect('string').text });
    }
    if (text === 'intkey') return block('gogo_intkey', { KEY: this.expect('string').text });
    const callee = this.procedures.get(text);
    if (callee) {
      if (!callee.returns) throw new LogoImportError('notAsBlocks', line, text);
      return this.call(callee, true);
    }
    if (this.params.includes(text) || this.globals.has(text)) {
      return block('variables_get', { VAR: text });
    }
    throw new LogoImportError('unknown', line, text);
  }
}

function withBody(name: string, statements: BlockSpec[]): Record<string, BlockSpec[]> {
  return statements.length > 0 ? { [name]: statements } : {};
}

/** Finds the procedures (`to` … `end`), their parameters and whether they output a value. */
function findProcedures(tokens: Token[]): Procedure[] {
  const procedures: Procedure[] = [];
  let i = 0;
  while (i < tokens.length) {
    const to = tokens[i];
    const name = tokens[i + 1];
    if (to?.kind !== 'word' || to.text !== 'to' || name?.kind !== 'word') {
      throw new LogoImportError('syntax', to?.line ?? 1, to?.text ?? '');
    }
    i += 2;
    const params: string[] = [];
    while (tokens[i]?.kind === 'param' && tokens[i]?.line === to.line)
      params.push(tokens[i++]?.text ?? '');
    const start = i;
    while (i < tokens.length && !(tokens[i]?.kind === 'word' && tokens[i]?.text === 'end')) i += 1;
    if (i >= tokens.length) throw new LogoImportError('syntax', to.line, 'to');
    const body = tokens.slice(start, i);
    const returns = body.some((t) => t.kind === 'word' && t.text === 'output');
    procedures.push({ name: name.text, params, line: to.line, body: [start, i], returns });
    i += 1; // end
  }
  return procedures;
}

/** The workspace XML for a Logo program. Throws LogoImportError. */
export function logoToWorkspaceXml(source: string): string {
  const tokens = tokenize(source);
  if (tokens.length === 0) throw new LogoImportError('syntax', 1, '');
  const procedures = findProcedures(tokens);
  const byName = new Map(procedures.map((p) => [p.name, p]));
  const globals = new Set<string>();
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (t.kind === 'word' && t.text === 'set' && next?.kind === 'word') globals.add(next.text);
  });
  const parser = new Parser(tokens, byName, globals);

  const tops = procedures.map((procedure, index): BlockSpec => {
    const body = parser.body(procedure);
    if (index === 0) {
      if (procedure.params.length > 0) {
        throw new LogoImportError('notAsBlocks', procedure.line, procedure.name);
      }
      const autorun = procedure.name.toLowerCase() === 'autorun';
      // A lone `stop` is how an empty program is written.
      const steps = body.length === 1 && body[0]?.type === 'gogo_stop' ? [] : body;
      return {
        type: START_BLOCK,
        fields: { AUTORUN: autorun ? 'TRUE' : 'FALSE' },
        inputs: withBody('DO', steps),
      };
    }
    const mutation = `<mutation>${procedure.params.map((p) => `<arg name="${p}"></arg>`).join('')}</mutation>`;
    const steps = body.length === 1 && body[0]?.type === 'gogo_stop' ? [] : body;
    return {
      type: procedure.returns ? 'procedures_defreturn' : 'procedures_defnoreturn',
      mutation,
      fields: { NAME: procedure.name },
      inputs: withBody('STACK', steps),
    };
  });
  const blocks = tops.map((top, i) => blockXml(top, { x: 40, y: 40 + i * 400 })).join('');
  return `<xml xmlns="${BLOCKLY_NS}">${blocks}</xml>`;
}
