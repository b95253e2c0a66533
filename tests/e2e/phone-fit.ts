// What a phone-sized window (390 × 844) must give every page: nothing wider than the window,
// no sideways scrolling of the page, and every visible control inside the window, at least
// 24 px in both directions (WCAG 2.5.8) and not covered by another element.
import type { Page } from '@playwright/test';

export const PHONE = { width: 390, height: 844 };

/** The problems of the page as it is now, one line each (an empty list when it fits). */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const name = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ??
        el.getAttribute('title') ??
        (el.textContent ?? '').trim().slice(0, 30);
      const id = el.getAttribute('data-testid');
      return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${label}"`;
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    /** The element's box as far as its scrolling or clipping ancestors let it be seen. */
    const visibleBox = (el: Element) => {
      const r = el.getBoundingClientRect();
      let left = r.left;
      let right = r.right;
      let top = r.top;
      let bottom = r.bottom;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
          const c = p.getBoundingClientRect();
          left = Math.max(left, c.left);
          right = Math.min(right, c.right);
          top = Math.max(top, c.top);
          bottom = Math.min(bottom, c.bottom);
        }
      }
      return { left, right, top, bottom };
    };
    if (document.documentElement.scrollWidth > vw) {
      problems.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${vw}`);
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      if (!shown(el)) continue;
      const b = visibleBox(el);
      if (b.right - b.left > vw + 1) problems.push(`${name(el)} is wider than the window`);
    }
    // An open dialog or menu is what the user can reach: only its own controls count.
    const overlays = [...document.querySelectorAll('[aria-modal="true"], .dropdown-menu.show')];
    const top = overlays.filter(shown).pop() ?? document.body;
    /** `hit` is in a fixed or sticky box (a sheet, the top bar, a toast) that `control` is
     * not in: the page scrolls the control clear of it. */
    const pinnedOver = (hit: Element, control: Element) => {
      for (let p: Element | null = hit; p && p !== document.body; p = p.parentElement) {
        const position = getComputedStyle(p).position;
        if (position === 'fixed' || position === 'sticky') return !p.contains(control);
      }
      return false;
    };
    const controls = top.querySelectorAll(
      'button, [role="button"], a.btn, input:not([type="hidden"]), select, [role="tab"], [role="menuitem"], [role="treeitem"]',
    );
    for (const el of controls) {
      if (!shown(el)) continue;
      const b = visibleBox(el);
      // Scrolled out of its own scrolling box (a long list, a wide table): not on screen now.
      if (b.right <= b.left || b.bottom <= b.top) continue;
      const r = el.getBoundingClientRect();
      // In a box that scrolls sideways (a wide table), scrolling it reaches the control.
      let scrollsX = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if ((o === 'auto' || o === 'scroll') && p.scrollWidth > p.clientWidth) scrollsX = true;
      }
      if (scrollsX) continue;
      if (r.left < -0.5 || r.right > vw + 0.5) {
        problems.push(`${name(el)} is cut off: x ${Math.round(r.left)}–${Math.round(r.right)}`);
        continue;
      }
      if (b.right - b.left < r.width - 0.5) {
        problems.push(`${name(el)} is cut off by its container`);
        continue;
      }
      const small = el.matches('input[type="checkbox"], input[type="radio"]') ? null : r;
      if (small && (small.width < 23.5 || small.height < 23.5)) {
        problems.push(
          `${name(el)} is ${Math.round(small.width)}×${Math.round(small.height)} px, under 24`,
        );
      }
      // The middle of the part its scrolling box shows (a list scrolled half past an item).
      const x = (b.left + b.right) / 2;
      const y = (b.top + b.bottom) / 2;
      if (y < 0 || y > vh) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== el && !el.contains(hit) && !hit.contains(el) && !pinnedOver(hit, el)) {
        problems.push(`${name(el)} is covered by ${name(hit)}`);
      }
    }
    return problems;
  });
}

/**
 * The problems of the app's top bar as it is now: the bar scrolls or is wider than the
 * window, a control is outside the window or its label is cut, two controls overlap.
 */
export function topBarProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const bar = document.querySelector('header.app-navbar');
    if (!bar) return ['no top bar'];
    const vw = document.documentElement.clientWidth;
    if (bar.scrollWidth > bar.clientWidth + 0.5) {
      problems.push(`the top bar overflows: ${bar.scrollWidth} > ${bar.clientWidth}`);
    }
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${
        el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30)
      }"`;
    const selector = 'button, a, input, select, [role="button"]';
    const controls = [...bar.querySelectorAll(selector)].filter((el) => {
      if (el.closest('.dropdown-menu')) return false;
      // The outermost control only (a label's span inside its button is the button).
      if (el.parentElement?.closest(selector)) return false;
      const style = getComputedStyle(el);
      const r = el.getBoundingClientRect();
      return style.visibility !== 'hidden' && r.width > 0 && r.height > 0;
    });
    const boxes = controls.map((el) => el.getBoundingClientRect());
    controls.forEach((el, i) => {
      const r = boxes[i] as DOMRect;
      if (r.left < -0.5 || r.right > vw + 0.5) {
        problems.push(`${name(el)} is outside the window: x ${Math.round(r.left)}–${r.right}`);
      }
      // A label wider than its button is cut (a field's own text may scroll inside it).
      if (el.tagName !== 'INPUT' && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`${name(el)} is clipped: ${el.scrollWidth} > ${el.clientWidth}`);
      }
      for (let j = i + 1; j < controls.length; j++) {
        const o = boxes[j] as DOMRect;
        const w = Math.min(r.right, o.right) - Math.max(r.left, o.left);
        const h = Math.min(r.bottom, o.bottom) - Math.max(r.top, o.top);
        if (w > 0.5 && h > 0.5) {
          problems.push(`${name(el)} overlaps ${name(controls[j] as Element)}`);
        }
      }
    });
    return problems;
  });
}
