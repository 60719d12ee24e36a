// A tooltip shown on hover or keyboard focus after 700 ms; once one has been shown, moving to another
// within 300 ms shows it at once (the show delay and the skip delay). Escape hides it.
import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
let lastClosedAt = 0;
let anyOpen = false;

type TriggerProps = {
  "aria-describedby"?: string;
  onMouseEnter?: (e: unknown) => void;
  onMouseLeave?: (e: unknown) => void;
  onFocus?: (e: unknown) => void;
  onBlur?: (e: unknown) => void;
  onKeyDown?: (e: { key: string }) => void;
};

export function Tooltip({ content, children, side = "top" }: { content: ReactNode; children: ReactElement<TriggerProps>; side?: "top" | "bottom" }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = () => {
    window.clearTimeout(timer.current);
    const skip = anyOpen || Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS;
    if (skip) {
      anyOpen = true;
      setOpen(true);
    } else
      timer.current = window.setTimeout(() => {
        anyOpen = true;
        setOpen(true);
      }, TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    window.clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) {
        lastClosedAt = Date.now();
        anyOpen = false;
      }
      return false;
    });
  };
  const p = children.props;
  const trigger = cloneElement(children, {
    "aria-describedby": open ? id : p["aria-describedby"],
    onMouseEnter: (e: unknown) => (p.onMouseEnter?.(e), show()),
    onMouseLeave: (e: unknown) => (p.onMouseLeave?.(e), hide()),
    onFocus: (e: unknown) => (p.onFocus?.(e), show()),
    onBlur: (e: unknown) => (p.onBlur?.(e), hide()),
    onKeyDown: (e: { key: string }) => (p.onKeyDown?.(e), e.key === "Escape" && hide()),
  });
  return (
    <span className="tooltip-anchor">
      {trigger}
      {open && (
        <span role="tooltip" id={id} className={`tooltip tooltip-${side}`}>
          {content}
        </span>
      )}
    </span>
  );
}
