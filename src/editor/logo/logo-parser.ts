// Which core-rs parser the Logo importer uses in this thread. The editor parses in the core
// worker and passes it to `logoToBlocks`; code that owns a WasmCore in its own thread (tests,
// Node tools) installs it here for the synchronous `logoToWorkspaceXml`.
import type { LogoParseResult } from '../../core/logo-tree.ts';

/** core-rs's parse in this thread (`WasmCore.parseLogo`). */
type LogoParser = (source: string, version: string) => LogoParseResult;
/** core-rs's parse in another thread (`CoreBridge.parseLogo`). */
export type AsyncLogoParser = (source: string, version: string) => Promise<LogoParseResult>;

let installed: LogoParser | undefined;

/** Installs the parser `logoToWorkspaceXml` uses when it is given none. */
export function installLogoParser(parse: LogoParser): void {
  installed = parse;
}

export function installedLogoParser(): LogoParser | undefined {
  return installed;
}
