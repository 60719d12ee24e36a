// A page whose frame is the same for many addresses (/search: every query) marks the part that changes with
// FrameSlot. The server renders the frame once with a marker in the slot (FrameModeProvider) and, per request, only
// the slot's content, then puts it in the marker's place: the same HTML a whole render gives, so the browser
// hydrates it as usual. In the browser, and in a whole render, FrameSlot is just its element.
import { createContext, useContext, type ReactNode } from "react";

/** Text that no page shows: where the server puts the slot's HTML. */
export const FRAME_SLOT_MARKER = "\u2063frame-slot\u2063";

const FrameMode = createContext(false);

/** Renders its children's pages as their frame: every FrameSlot holds the marker instead of its content. */
export const FrameModeProvider = ({ children }: { children: ReactNode }) => <FrameMode.Provider value={true}>{children}</FrameMode.Provider>;

export function FrameSlot({ className, children }: { className: string; children: ReactNode }) {
  return <div className={className}>{useContext(FrameMode) ? FRAME_SLOT_MARKER : children}</div>;
}
