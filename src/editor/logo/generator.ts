// The Logo generator: a Blockly code generator that writes GoGo Logo 1.3 (reference
// logo-and-bytecode §2). Program shape:
//
//   to main            (or `to autorun` when the start block's power-on box is ticked)
//   set <global> 0     (each global once, so no read comes before its first `set`; left
//                       out for variables the start stack sets first thing)
//   <start block body>
//   end
//
//   to <procedure> :p1 :p2 …
//   <body>             (procedures with a result end with `output <value>`)
//   end
//
// Only stacks under a start block or a procedure definition count; loose blocks are left
// out (the workspace shows them disabled). Block generators live with their block
// definitions in ../blocks/.
import * as Blockly from 'blockly/core';
import { codeLines, formatList, formatProcedure } from './format.ts';
import { LogoNames } from './names.ts';

/**
 * Binding strength, tightest first (Blockly convention: a smaller number binds tighter).
 * From the 1.3 grammar: procedure calls bind tighter than the one-argument reporters
 * (`random`, `readsensor`, …), which bind tighter than `* / %`, then `+ -`, then `not`,
 * then comparisons, then `and or xor`.
 */
export const Order = {
  ATOMIC: 0,
  CALL: 1,
  UNARY: 2,
  MULTIPLICATIVE: 3,
  ADDITIVE: 4,
  NOT: 5,
  RELATIONAL: 6,
  LOGICAL: 7,
  NONE: 99,
} as const;

/** Outer order for an operand that must be a primary: anything else gets parentheses. */
export const PRIMARY = 0.5;

/**
 * Outer order for the left operand of a left-associative operator: code of the same order
 * needs no parentheses there (`a - b - c`), while the right operand keeps them
 * (`a - (b - c)`). Paired with ORDER_OVERRIDES below.
 */
export function leftOf(order: number): number {
  return order + 0.1;
}

const BINARY_ORDERS = [Order.MULTIPLICATIVE, Order.ADDITIVE, Order.RELATIONAL, Order.LOGICAL];

export const START_BLOCK = 'gogo_start';
const PROCEDURE_DEFS = new Set(['procedures_defnoreturn', 'procedures_defreturn']);
const VARIABLE_BLOCKS = new Set(['variables_get', 'variables_set', 'gogo_change_variable']);

/** Blockly's legacy procedure blocks (definitions and calls) as the generator reads them. */
interface ProcedureDefBlock extends Blockly.Block {
  getProcedureDef(): [string, string[], boolean];
}

/** A block that calls a procedure by a Logo name it carries (an extension's block). */
interface FixedNameCall {
  logoCallName(): string;
}

export function isProcedureDef(block: Blockly.Block): block is ProcedureDefBlock {
  return PROCEDURE_DEFS.has(block.type);
}

/** A block that takes part in the program: enabled and not inside a disabled block. */
function active(block: Blockly.Block): boolean {
  return block.isEnabled() && !block.getInheritedDisabled();
}

function variableName(block: Blockly.Block): string {
  const field = block.getField('VAR');
  return field instanceof Blockly.FieldVariable ? (field.getVariable()?.getName() ?? '') : '';
}

/** The names of the variables the program uses as globals, in the workspace's order. */
function globalVariables(workspace: Blockly.Workspace): string[] {
  const used = new Set<string>();
  for (const block of workspace.getAllBlocks(false)) {
    if (!VARIABLE_BLOCKS.has(block.type) || !active(block)) continue;
    const root = block.getRootBlock();
    if (root.type !== START_BLOCK && !isProcedureDef(root)) continue; // loose stack
    const name = variableName(block);
    // Reading a parameter reads the parameter, not a global (parameters shadow globals).
    const isParam =
      block.type === 'variables_get' && isProcedureDef(root) && root.getVars().includes(name);
    if (name && !isParam) used.add(name.toLowerCase());
  }
  return workspace
    .getVariableMap()
    .getAllVariables()
    .map((v) => v.getName())
    .filter((name) => used.has(name.toLowerCase()));
}

/**
 * Variables the program itself sets first thing (leading `set` blocks of the start stack
 * whose value does not read the variable): they need no `set … 0` of their own.
 */
function setFirst(start: Blockly.Block | undefined): Set<string> {
  const names = new Set<string>();
  let block = start?.getInputTargetBlock('DO') ?? null;
  while (block && block.type === 'variables_set' && active(block)) {
    const name = variableName(block).toLowerCase();
    const readsItself = (block.getInputTargetBlock('VALUE')?.getDescendants(false) ?? []).some(
      (d) => d.type === 'variables_get' && variableName(d).toLowerCase() === name,
    );
    if (readsItself) break;
    names.add(name);
    block = block.getNextBlock();
  }
  return names;
}

export class LogoGenerator extends Blockly.CodeGenerator {
  /** Legal, unique Logo names for this generation run. */
  names = new LogoNames();

  constructor() {
    super('Logo');
    // Lists are laid out by formatList, not by Blockly's indentation.
    this.INDENT = '';
    this.ORDER_OVERRIDES = BINARY_ORDERS.map((order) => [leftOf(order), order]);
  }

  override init(workspace: Blockly.Workspace): void {
    super.init(workspace);
    this.names = new LogoNames();
    this.isInitialized = true;
  }

  /** The whole program's Logo text ('' when the workspace holds no program). */
  override workspaceToCode(workspace?: Blockly.Workspace): string {
    if (!workspace) throw new Error('LogoGenerator needs a workspace');
    this.init(workspace);
    const tops = workspace.getTopBlocks(true).filter(active);
    const starts = tops.filter((b) => b.type === START_BLOCK);
    const procedures = tops.filter(isProcedureDef);
    // Names another library spells (extension procedures the blocks call) are not ours.
    for (const block of workspace.getAllBlocks(false)) {
      const fixed = (block as Partial<FixedNameCall>).logoCallName?.();
      if (fixed) this.names.reserve(fixed);
    }
    // Allocate procedure names first, so they keep their spelling when a variable clashes.
    for (const def of procedures) this.procedureName(def.getProcedureDef()[0]);

    const initialised = setFirst(starts[0]);
    const mainBody = [
      ...globalVariables(workspace)
        .filter((name) => !initialised.has(name.toLowerCase()))
        .map((name) => `set ${this.variable(name)} 0`),
      ...starts.flatMap((start) => codeLines(this.statementToCode(start, 'DO'))),
    ];
    const autorun = starts[0]?.getFieldValue('AUTORUN') === 'TRUE';
    const parts = [formatProcedure(autorun ? 'autorun' : 'main', [], orStop(mainBody))];
    for (const def of procedures) parts.push(this.procedure(def));
    this.isInitialized = false;
    return `${parts.join('\n\n')}\n`;
  }

  private procedure(def: ProcedureDefBlock): string {
    const [name, params] = def.getProcedureDef();
    const body = codeLines(this.statementToCode(def, 'STACK'));
    // A result block ends the procedure with `output`; without one, the body's own
    // `output` blocks give the result.
    if (def.type === 'procedures_defreturn') {
      const result = this.valueToCode(def, 'RETURN', Order.NONE);
      if (result) body.push(`output ${result}`);
    }
    return formatProcedure(
      this.procedureName(name),
      params.map((p) => this.variable(p)),
      orStop(body),
    );
  }

  /** The Logo identifier for a user's variable or parameter name. */
  variable(name: string): string {
    return this.names.get(name, 'variable');
  }

  /** The Logo identifier for a user's procedure name. */
  procedureName(name: string): string {
    return this.names.get(name, 'procedure');
  }

  /** The variable a variables block points at, as a Logo identifier. */
  variableOf(block: Blockly.Block): string {
    return this.variable(variableName(block));
  }

  /** Code of a value input; `0` (false, zero) when nothing is plugged in. */
  value(block: Blockly.Block, input: string, outerOrder: number): string {
    return this.valueToCode(block, input, outerOrder) || '0';
  }

  /** `[ … ]` of a statement input, or null when it holds no statements. */
  list(block: Blockly.Block, input: string): string | null {
    return formatList(this.statementToCode(block, input));
  }

  /** A Logo string literal. 1.3 strings have no escapes and end at the next `"` or line. */
  text(value: unknown): string {
    return `"${String(value ?? '').replace(/["\r\n]/g, '')}"`;
  }

  /** Statement code runs on: the next block follows on the next line. */
  override scrub_(block: Blockly.Block, code: string, thisOnly?: boolean): string {
    const next = block.nextConnection?.targetBlock();
    return code + (thisOnly || !next ? '' : this.blockToCode(next));
  }

  /** A reporter left on its own is not a statement in Logo: leave it out. */
  override scrubNakedValue(): string {
    return '';
  }
}

/** A procedure needs at least one statement; `stop` is the one that does nothing. */
function orStop(body: string[]): string[] {
  return body.length > 0 ? body : ['stop'];
}

/** Number literal: 1.3 numbers are 0–65535 without sign, so a negative n is `0 - n`. */
export function numberCode(value: unknown): [string, number] {
  const n = Math.trunc(Number(value));
  if (!Number.isFinite(n)) return ['0', Order.ATOMIC];
  const clamped = Math.max(-65535, Math.min(65535, n));
  return clamped < 0 ? [`0 - ${-clamped}`, Order.ADDITIVE] : [String(clamped), Order.ATOMIC];
}

export type LogoBlockGenerator = (
  block: Blockly.Block,
  generator: LogoGenerator,
) => string | [string, number] | null;

export const logoGenerator = new LogoGenerator();
