// A short text shown beside a control: 50 ms after the pointer rests on it (spec classroom
// §10 "Tooltip delay 50 ms"), at once when it takes keyboard focus; gone when the pointer
// leaves, focus moves on or Escape is pressed. While shown the control names it in
// aria-describedby. It replaces the browser's `title`, which waits about a second and never
// shows for keyboard users. The trigger keeps its own accessible name (aria-label).
import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
} from 'react';
import { createPortal } from 'react-dom';
import { placeTooltip } from './tooltip-position.ts';
import './tooltip.css';

export const TOOLTIP_DELAY_MS = 50;

interface TriggerProps {
  'aria-describedby'?: string;
  onPointerEnter?: (e: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (e: PointerEvent<HTMLElement>) => void;
  onFocus?: (e: FocusEvent<HTMLElement>) => void;
  onBlur?: (e: FocusEvent<HTMLElement>) => void;
}

/** Focus from the keyboard (not from a click or a tap) shows the tooltip at once. */
function keyboardFocus(el: HTMLElement): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return true;
  }
}

export default function Tooltip({
  text,
  children,
}: {
  text: string;
  children: ReactElement<TriggerProps>;
}) {
  const id = useId();
  /** How the tooltip came: keyboard focus keeps it while the pointer wanders off. */
  const [shown, setShown] = useState<null | 'pointer' | 'focus'>(null);
  const [pending, setPending] = useState(false);
  // Taken from the event that shows the tooltip: a ref callback setting state would render
  // every tooltip's control a second time on mount.
  const [trigger, setTrigger] = useState<HTMLElement | null>(null);
  const tip = useRef<HTMLDivElement | null>(null);
  const [place, setPlace] = useState<{ left: number; top: number; side: string } | null>(null);
  const open = shown !== null;

  const hide = useCallback(() => {
    setPending(false);
    setShown(null);
    setPlace(null);
  }, []);

  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setPending(false);
      setShown((s) => s ?? 'pointer');
    }, TOOLTIP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  const measure = useCallback(() => {
    if (!trigger || !tip.current) return;
    const r = trigger.getBoundingClientRect();
    setPlace(
      placeTooltip(
        { left: r.left, top: r.top, width: r.width, height: r.height },
        { width: tip.current.offsetWidth, height: tip.current.offsetHeight },
        { width: document.documentElement.clientWidth, height: window.innerHeight },
      ),
    );
  }, [trigger]);
  useLayoutEffect(() => {
    if (open) measure();
  }, [open, text, measure]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [open, hide, measure]);

  const own = children.props;
  const describedBy = [own['aria-describedby'], open ? id : null].filter(Boolean).join(' ');
  const control = cloneElement(children, {
    'aria-describedby': describedBy || undefined,
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(e);
      if (e.pointerType !== 'touch' && !open) {
        setTrigger(e.currentTarget);
        setPending(true);
      }
    },
    onPointerLeave: (e: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(e);
      if (shown !== 'focus') hide();
    },
    onFocus: (e: FocusEvent<HTMLElement>) => {
      own.onFocus?.(e);
      if (keyboardFocus(e.currentTarget)) {
        setTrigger(e.currentTarget);
        setPending(false);
        setShown('focus');
      }
    },
    onBlur: (e: FocusEvent<HTMLElement>) => {
      own.onBlur?.(e);
      hide();
    },
  });

  return (
    <>
      {control}
      {open &&
        createPortal(
          <div
            ref={tip}
            id={id}
            role="tooltip"
            className={`app-tooltip app-tooltip-${place?.side ?? 'top'}`}
            style={
              place
                ? { left: place.left, top: place.top }
                : { left: 0, top: 0, visibility: 'hidden' }
            }
          >
            {text}
          </div>,
          document.body,
        )}
    </>
  );
}
