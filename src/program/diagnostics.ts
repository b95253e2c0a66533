// Line-numbered Logo errors (from a compile). The compile step calls showLogoErrors(); the
// Logo text editor marks the lines and the Logo panel lists them. Framework-free and small,
// so callers do not load the editor to report errors.
import { proxy } from 'valtio';
import { LOGO_PANE, openWidgetArea, selectWidgetPane } from '../shell/widget-panes.ts';

/** A stretch of the Logo text: 1-based lines, 0-based UTF-16 columns, the end exclusive. */
export interface LogoRange {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface LogoError {
  /** 1-based line in the Logo text that was compiled. */
  line: number;
  /** Already translated message. */
  message: string;
  /** Said under the message (where the compiler stopped, when that is elsewhere). */
  note?: string;
  /** The words to mark in the text. */
  range?: LogoRange;
}

export const diagnostics = proxy<{ errors: LogoError[] }>({ errors: [] });

/**
 * Shows compile errors (replacing earlier ones) and opens the Logo panel if it is closed, on
 * its own tab (the virtual board's tab may be in front).
 */
export function showLogoErrors(errors: readonly LogoError[]): void {
  diagnostics.errors = errors
    .filter((e) => Number.isInteger(e.line) && e.line >= 1 && typeof e.message === 'string')
    .map((e) => ({
      line: e.line,
      message: e.message,
      ...(e.note ? { note: e.note } : {}),
      ...(e.range ? { range: { ...e.range } } : {}),
    }));
  if (diagnostics.errors.length > 0) {
    openWidgetArea();
    selectWidgetPane(LOGO_PANE);
  }
}

export function clearLogoErrors(): void {
  if (diagnostics.errors.length > 0) diagnostics.errors = [];
}
