// Blockly without a screen: load, check and merge workspace XML, and generate Logo. Used by
// the file actions (a bad file must change nothing, so it is tried here first), by project
// loading and by tests.
import * as Blockly from 'blockly/core';
import { registerGogoBlocks } from '../blocks/index.ts';
import { logoGenerator } from '../logo/generator.ts';

/** Thrown when XML does not describe a workspace Blockly can load. */
export class WorkspaceXmlError extends Error {
  constructor(
    readonly code: 'syntax' | 'blocks',
    detail: string,
  ) {
    super(detail);
    this.name = 'WorkspaceXmlError';
  }
}

export function parseXml(xml: string): Element {
  let dom: Element;
  try {
    dom = Blockly.utils.xml.textToDom(xml);
  } catch (e) {
    throw new WorkspaceXmlError('syntax', e instanceof Error ? e.message : String(e));
  }
  return dom;
}

/** Loads XML into a new headless workspace; throws WorkspaceXmlError when it cannot. */
export function headlessWorkspace(xml: string): Blockly.Workspace {
  registerGogoBlocks();
  const workspace = new Blockly.Workspace();
  const dom = parseXml(xml);
  Blockly.Events.disable();
  try {
    Blockly.Xml.domToWorkspace(dom, workspace);
  } catch (e) {
    workspace.dispose();
    throw new WorkspaceXmlError('blocks', e instanceof Error ? e.message : String(e));
  } finally {
    Blockly.Events.enable();
  }
  return workspace;
}

export function workspaceXml(workspace: Blockly.Workspace): string {
  return Blockly.Xml.domToText(Blockly.Xml.workspaceToDom(workspace));
}

/** The Logo of the program in `xml`. */
export function logoFromXml(xml: string): string {
  const workspace = headlessWorkspace(xml);
  try {
    return logoGenerator.workspaceToCode(workspace);
  } finally {
    workspace.dispose();
  }
}
