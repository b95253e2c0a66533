// Turns the names users give variables and procedures (any text, any script) into Logo 1.3
// identifiers: [A-Za-z_][A-Za-z0-9_]*, clear of keywords and of the prefixes the 1.3 lexer
// splits off, and unique across variables and procedures (Logo has one namespace for both).
import { RESERVED_NAMES, SHADOWING_PREFIX } from './keywords.ts';

type NameKind = 'variable' | 'procedure';

const FALLBACK: Record<NameKind, string> = { variable: 'var', procedure: 'proc' };

/** The ASCII skeleton of a name: accents dropped, spaces to `_`, other letters removed. */
function asciiName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/[\s-]+/g, '_')
    .replace(/[^A-Za-z0-9_]/g, '');
}

/** A legal Logo identifier for `name`, before uniqueness is applied. */
export function legalName(name: string, kind: NameKind): string {
  let base = asciiName(name);
  if (base === '' || /^_*$/.test(base)) base = FALLBACK[kind];
  if (/^\d/.test(base)) base = `${FALLBACK[kind]}_${base}`;
  if (SHADOWING_PREFIX.test(base) || RESERVED_NAMES.has(base.toLowerCase())) base = `my_${base}`;
  return base;
}

/**
 * Allocates one Logo identifier per (kind, user name). Names compare without case, as
 * Blockly does; two user names that come out the same get numeric suffixes.
 */
export class LogoNames {
  private readonly byKey = new Map<string, string>();
  private readonly taken = new Set<string>();

  /** Keeps a name that is spelt elsewhere (an extension's procedure) out of this program's. */
  reserve(logoName: string): void {
    this.taken.add(logoName.toLowerCase());
  }

  get(name: string, kind: NameKind): string {
    const key = `${kind}:${name.toLowerCase()}`;
    const known = this.byKey.get(key);
    if (known) return known;
    const base = legalName(name, kind);
    let candidate = base;
    // `_2`, not `2`: a name `n` must not become the node-id token `n2`.
    for (let i = 2; this.taken.has(candidate.toLowerCase()); i++) candidate = `${base}_${i}`;
    this.taken.add(candidate.toLowerCase());
    this.byKey.set(key, candidate);
    return candidate;
  }
}
