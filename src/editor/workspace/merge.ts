// Import from file: adds another program's blocks to the open workspace.
// - Variables with the same name become one variable (Logo has one global per name).
// - Imported blocks are placed to the right of the existing ones.
// - The imported start block's steps go to the end of the existing start block when they
//   can; otherwise they stay as a loose stack beside it for the user to place.
import * as Blockly from 'blockly/core';
import { START_BLOCK } from '../logo/generator.ts';
import { headlessWorkspace, parseXml, WorkspaceXmlError, workspaceXml } from './headless.ts';

/** Gap between the existing blocks and the imported ones, in workspace units. */
const IMPORT_GAP = 400;

/** Points the imported XML's variable ids at the workspace's variables of the same name. */
function reconcileVariables(workspace: Blockly.Workspace, dom: Element): void {
  const renames = new Map<string, string>();
  const map = workspace.getVariableMap();
  for (const element of Array.from(dom.getElementsByTagName('variable'))) {
    const id = element.getAttribute('id');
    const name = element.textContent ?? '';
    if (!id) continue;
    const sameName = map.getVariable(name, element.getAttribute('type') ?? '');
    if (sameName && sameName.getId() !== id) renames.set(id, sameName.getId());
    else if (!sameName && map.getVariableById(id))
      renames.set(id, Blockly.utils.idGenerator.genUid());
  }
  if (renames.size === 0) return;
  for (const tag of ['variable', 'field', 'arg']) {
    for (const element of Array.from(dom.getElementsByTagName(tag))) {
      for (const attr of ['id', 'varid']) {
        const value = element.getAttribute(attr);
        const renamed = value ? renames.get(value) : undefined;
        if (renamed) element.setAttribute(attr, renamed);
      }
    }
  }
}

function lastInStack(block: Blockly.Block): Blockly.Block {
  let last = block;
  for (let next = last.getNextBlock(); next; next = next.getNextBlock()) last = next;
  return last;
}

/** Moves the imported start block's steps under the existing start block, if possible. */
function mergeStartBlocks(existing: Blockly.Block, imported: Blockly.Block): void {
  const body = imported.getInputTargetBlock('DO');
  if (body) {
    body.unplug(false);
    const first = existing.getInputTargetBlock('DO');
    const target = first ? lastInStack(first).nextConnection : existing.getInput('DO')?.connection;
    if (target && body.previousConnection) {
      target.connect(body.previousConnection);
    } else {
      const { x, y } = imported.getRelativeToSurfaceXY();
      body.moveBy(x, y + 80);
    }
  }
  imported.dispose(false);
}

/** The workspace XML with the imported XML's blocks added. Throws WorkspaceXmlError. */
export function mergeWorkspaces(currentXml: string, importedXml: string): string {
  const workspace = headlessWorkspace(currentXml);
  try {
    const dom = parseXml(importedXml);
    reconcileVariables(workspace, dom);
    const existing = workspace.getTopBlocks(false);
    const right = Math.max(0, ...existing.map((b) => b.getRelativeToSurfaceXY().x));
    Blockly.Events.disable();
    try {
      let ids: string[];
      try {
        ids = Blockly.Xml.domToWorkspace(dom, workspace);
      } catch (e) {
        throw new WorkspaceXmlError('blocks', e instanceof Error ? e.message : String(e));
      }
      const added = ids
        .map((id) => workspace.getBlockById(id))
        .filter((b): b is Blockly.Block => b !== null && !b.getParent());
      const left = Math.min(...added.map((b) => b.getRelativeToSurfaceXY().x));
      const dx = existing.length > 0 ? right + IMPORT_GAP - left : 0;
      for (const block of added) block.moveBy(dx, 0);
      const start = existing.find((b) => b.type === START_BLOCK);
      for (const block of added.filter((b) => b.type === START_BLOCK)) {
        if (start) mergeStartBlocks(start, block);
      }
    } finally {
      Blockly.Events.enable();
    }
    return workspaceXml(workspace);
  } finally {
    workspace.dispose();
  }
}

/**
 * Stacks outside a start block or procedure (they do not run, and the editor greys them
 * out): an import says so when it adds some.
 */
export function looseStackCount(xml: string): number {
  const workspace = headlessWorkspace(xml);
  try {
    return workspace
      .getTopBlocks(false)
      .filter((b) => Boolean(b.previousConnection || b.outputConnection)).length;
  } finally {
    workspace.dispose();
  }
}
